import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconBuildingCommunity,
  IconCheck,
  IconPlus,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateOrganizationModal } from '../../../features/organizations/hooks/use-create-organization-modal.tsx';
import { useOrganizations } from '../../../features/organizations/hooks/use-organizations.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';

function Step({
  icon,
  title,
  text,
  done,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  done: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          {done && (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
              {t('WELCOME.DONE')}
            </Badge>
          )}
        </Group>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {text}
        </Text>
        <div>{action}</div>
      </Stack>
    </Card>
  );
}

/** The greeting and what to do next, each step with the action that does it. */
export function WelcomeRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { all, selected } = useOrganizations();
  const openCreate = useCreateOrganizationModal();
  const menuPaths = selected?.menus.flatMap((menu) => menu.subMenus.map((sub) => sub.path)) ?? [];
  const treasuryPath = menuPaths.find((path) => path.startsWith('/treasury/'));
  const hasOrganizationPage = menuPaths.includes(paths.app.organization.path);
  const firstName = session?.claims.uname.split(/\s+/)[0] ?? '';

  return (
    <>
      <PageHeader
        title={t('WELCOME.GREETING', { name: firstName })}
        description={
          selected ? t('WELCOME.SUBTITLE', { organization: selected.name }) : t('WELCOME.SUBTITLE_NEW')
        }
      />
      <Title order={2} fz="lg" mb="md">
        {t('WELCOME.NEXT_STEPS')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Step
          icon={<IconBuildingCommunity size={24} />}
          title={t('WELCOME.STEP_ORGANIZATION.TITLE')}
          text={t('WELCOME.STEP_ORGANIZATION.TEXT')}
          done={all.length > 0}
          action={
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
              {t('ORGANIZATIONS.CREATE.ACTION')}
            </Button>
          }
        />
        {treasuryPath && (
          <Step
            icon={<IconBuildingBank size={24} />}
            title={t('WELCOME.STEP_TREASURY.TITLE')}
            text={t('WELCOME.STEP_TREASURY.TEXT')}
            done={false}
            action={
              <Button variant="light" component={Link} to={treasuryPath}>
                {t('WELCOME.STEP_TREASURY.ACTION')}
              </Button>
            }
          />
        )}
        {hasOrganizationPage && (
          <Step
            icon={<IconSettings size={24} />}
            title={t('WELCOME.STEP_MANAGE.TITLE')}
            text={t('WELCOME.STEP_MANAGE.TEXT')}
            done={false}
            action={
              <Button variant="light" component={Link} to={paths.app.organization.getHref()}>
                {t('WELCOME.STEP_MANAGE.ACTION')}
              </Button>
            }
          />
        )}
      </SimpleGrid>
    </>
  );
}
