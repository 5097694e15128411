import { Badge, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { useCreateOrganizationModal } from '../../../features/organizations/hooks/use-create-organization-modal.tsx';
import { toMobileHref } from '../../../lib/paths.ts';
import { useWelcomeSteps } from '../app/use-welcome-steps.ts';
import { STEP_ICONS, stepKey } from '../app/welcome.tsx';

/** Getting started on a phone: the same steps as a single column of large tappable rows. */
export function MobileWelcomeRoute() {
  const { t } = useTranslation();
  const openCreate = useCreateOrganizationModal();
  const { firstName, selected, steps, progress, isPending } = useWelcomeSteps();

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={22}>
          {t('WELCOME.GREETING', { name: firstName })}
        </Title>
        <Text size="sm" c="dimmed">
          {selected ? t('WELCOME.SUBTITLE', { organization: selected.name }) : t('WELCOME.SUBTITLE_NEW')}
        </Text>
      </div>
      <Title order={2} fz="md">
        {t('WELCOME.NEXT_STEPS')}
      </Title>
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : (
        <>
          <div>
            <Text size="sm" c="dimmed" id="mobile-welcome-progress" mb={6}>
              {t('WELCOME.PROGRESS', { done: progress.done, total: progress.total })}
            </Text>
            <Progress.Root>
              <Progress.Section value={progress.percent} aria-labelledby="mobile-welcome-progress" />
            </Progress.Root>
          </div>
          {steps.map((step) => {
            const StepIcon = STEP_ICONS[step.key];
            const section = stepKey(step.key);
            return (
              <Card key={step.key} withBorder radius="md" padding="md" component="article">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <StepIcon size={22} />
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Title order={3} fz="sm">
                        {t(`${section}.TITLE`)}
                      </Title>
                      {step.done && (
                        <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                          {t('WELCOME.DONE')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t(`${section}.TEXT`)}
                    </Text>
                    {step.href ? (
                      <Button
                        variant="light"
                        size="md"
                        fullWidth
                        mt={4}
                        component={Link}
                        to={toMobileHref(step.href)}
                        rightSection={<IconChevronRight size={16} aria-hidden />}
                      >
                        {t(`${section}.ACTION`)}
                      </Button>
                    ) : (
                      <Button
                        variant="light"
                        size="md"
                        fullWidth
                        mt={4}
                        leftSection={<IconPlus size={16} aria-hidden />}
                        onClick={openCreate}
                      >
                        {t('ORGANIZATIONS.CREATE.ACTION')}
                      </Button>
                    )}
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </>
      )}
    </Stack>
  );
}
