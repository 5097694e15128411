import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SPINNER_FADE_MS, useOrganizationChangeSpinner } from '../hooks/organization-change-spinner.ts';

/** Covers the page while the organization changes (spec §2, §9 timings). */
export function OrganizationChangeSpinner() {
  const { t } = useTranslation();
  const phase = useOrganizationChangeSpinner();
  if (phase === 'hidden') return null;
  return (
    <Overlay
      fixed
      zIndex={300}
      color="#fff"
      backgroundOpacity={0.75}
      blur={1}
      center
      style={{
        opacity: phase === 'fading' ? 0 : 1,
        transition: `opacity ${SPINNER_FADE_MS}ms ease`,
      }}
    >
      <Stack
        align="center"
        gap="sm"
        role="status"
        aria-label={t('SHELL.SWITCHING_ORGANIZATION')}
        data-phase={phase}
      >
        <Loader />
        <Text size="sm" c="dimmed">
          {t('SHELL.SWITCHING_ORGANIZATION')}
        </Text>
      </Stack>
    </Overlay>
  );
}
