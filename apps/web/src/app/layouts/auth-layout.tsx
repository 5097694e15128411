import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconFileInvoice, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { LanguageMenu } from '../../features/account/components/language-menu.tsx';
import classes from './auth-layout.module.css';

/** Sign-in, sign-up and the sign-up steps: the product's promise beside the form (desktop), the form alone (mobile). */
export function AuthLayout() {
  const { t } = useTranslation();
  const points = [
    { icon: IconBuildingBank, text: t('AUTH.BRAND.POINT_TREASURY') },
    { icon: IconFileInvoice, text: t('AUTH.BRAND.POINT_BILLING') },
    { icon: IconPlugConnected, text: t('AUTH.BRAND.POINT_INTEGRATIONS') },
  ];
  return (
    <div className={classes.root}>
      <aside className={classes.brand} aria-label={t('AUTH.BRAND.LABEL')}>
        <Logo inverted size={36} />
        <Stack gap="lg" maw={460}>
          <Title order={2} fz={34} lh={1.2} c="white">
            {t('AUTH.BRAND.TITLE')}
          </Title>
          <Text fz="lg" c="brand.1">
            {t('AUTH.BRAND.TEXT')}
          </Text>
          <List spacing="md" center>
            {points.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={34} radius="xl" color="rgba(255,255,255,0.16)">
                    <Icon size={18} aria-hidden />
                  </ThemeIcon>
                }
              >
                <Text c="white">{text}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="brand.2">
          {t('AUTH.BRAND.FOOTER')}
        </Text>
      </aside>
      <div className={classes.main}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Box hiddenFrom="md">
            <Logo size={28} />
          </Box>
          <Box visibleFrom="md" />
          <LanguageMenu />
        </Group>
        <main className={classes.content}>
          <Paper className={classes.card} withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Outlet />
          </Paper>
        </main>
      </div>
    </div>
  );
}
