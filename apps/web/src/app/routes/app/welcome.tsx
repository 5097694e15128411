import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconBriefcase,
  IconBuildingBank,
  IconBuildingCommunity,
  IconCheck,
  IconFileInvoice,
  IconPigMoney,
  IconPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateOrganizationModal } from '../../../features/organizations/hooks/use-create-organization-modal.tsx';
import { useWelcomeSteps } from './use-welcome-steps.ts';
import type { WelcomeStepKey } from './welcome-steps.ts';

export const STEP_ICONS: Record<WelcomeStepKey, Icon> = {
  organization: IconBuildingCommunity,
  organizationData: IconBuildingCommunity,
  bank: IconBuildingBank,
  invoice: IconFileInvoice,
  budget: IconPigMoney,
  clients: IconBriefcase,
  accountant: IconUsers,
  team: IconUsers,
};

/** The i18n section of a step: WELCOME.STEPS.ORGANIZATION_DATA, … */
export const stepKey = (key: WelcomeStepKey) =>
  `WELCOME.STEPS.${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Getting started (spec §2): what this user should set up next, with progress that follows what is done. */
export function WelcomeRoute() {
  const { t } = useTranslation();
  const openCreate = useCreateOrganizationModal();
  const { firstName, selected, steps, progress, isPending } = useWelcomeSteps();

  return (
    <>
      <PageHeader
        title={t('WELCOME.GREETING', { name: firstName })}
        description={
          selected ? t('WELCOME.SUBTITLE', { organization: selected.name }) : t('WELCOME.SUBTITLE_NEW')
        }
      />
      <Group justify="space-between" align="end" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          {t('WELCOME.NEXT_STEPS')}
        </Title>
        {!isPending && (
          <Text size="sm" c="dimmed" id="welcome-progress-label">
            {t('WELCOME.PROGRESS', { done: progress.done, total: progress.total })}
          </Text>
        )}
      </Group>
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : (
        <>
          {/* The progressbar role is on the section, so the label goes there (axe: aria-progressbar-name). */}
          <Progress.Root mb="lg">
            <Progress.Section value={progress.percent} aria-labelledby="welcome-progress-label" />
          </Progress.Root>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {steps.map((step) => {
              const StepIcon = STEP_ICONS[step.key];
              const section = stepKey(step.key);
              return (
                <Card key={step.key} withBorder radius="lg" padding="lg" component="article">
                  <Stack gap="sm" h="100%">
                    <Group justify="space-between" wrap="nowrap">
                      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                        <StepIcon size={24} />
                      </ThemeIcon>
                      {step.done ? (
                        <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                          {t('WELCOME.DONE')}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          {t('WELCOME.TO_DO')}
                        </Badge>
                      )}
                    </Group>
                    <Title order={3} fz="md">
                      {t(`${section}.TITLE`)}
                    </Title>
                    <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                      {t(`${section}.TEXT`)}
                    </Text>
                    <div>
                      {step.href ? (
                        <Button variant="light" component={Link} to={step.href}>
                          {t(`${section}.ACTION`)}
                        </Button>
                      ) : (
                        <Button
                          variant="light"
                          leftSection={<IconPlus size={16} aria-hidden />}
                          onClick={openCreate}
                        >
                          {t('ORGANIZATIONS.CREATE.ACTION')}
                        </Button>
                      )}
                    </div>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
