import { Button, Center, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { hrefFor, isMobilePath, paths } from '../../lib/paths.ts';

/** Spec §2: the root with ?signup=complete congratulates the new account and leads to sign-in. */
export function SignUpCompleteRoute() {
  const { t } = useTranslation();
  const mobile = isMobilePath(useLocation().pathname);
  return (
    <Center mih="100dvh">
      <Logo />
      <Modal
        opened
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={t('SHELL.SIGNUP_COMPLETE.TITLE')}
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text>{t('SHELL.SIGNUP_COMPLETE.TEXT')}</Text>
          <Button component={Link} to={hrefFor(paths.auth.signIn.getHref(), mobile)} fullWidth size="md">
            {t('SHELL.SIGNUP_COMPLETE.SIGN_IN')}
          </Button>
        </Stack>
      </Modal>
    </Center>
  );
}
