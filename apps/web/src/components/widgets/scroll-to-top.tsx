import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the button appears once the page is scrolled more than 700 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 700;

/** `bottom` lifts the button above a bottom bar (the mobile layout's navigation). */
export function ScrollToTop({ bottom = 24 }: { bottom?: number }) {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom, left: 24 }} zIndex={180}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TO_TOP_THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="filled"
            aria-label={t('WIDGETS.SCROLL_TO_TOP')}
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
