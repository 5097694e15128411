import { ActionIcon, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENTS, Joyride, STATUS, type Step, type TooltipRenderProps } from 'react-joyride';
import { anchorSelector, stepsToPlay, type Tour } from './tours.ts';

function TourTooltip({
  step,
  index,
  size,
  isLastStep,
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  tooltipProps,
}: TooltipRenderProps) {
  const { t } = useTranslation();
  const buttons = (step.data as { buttons: Record<'next' | 'previous' | 'done' | 'skip', string> }).buttons;
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby="tour-step-title"
      data-tour-tooltip
      shadow="xl"
      radius="md"
      p="lg"
      maw={380}
      withBorder
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Title order={2} fz="lg" id="tour-step-title">
          {step.title}
        </Title>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={closeProps.onClick}
          aria-label={t('TOUR.BUTTONS.CLOSE')}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="sm" mb="md">
        {step.content}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('TOUR.PROGRESS', { current: String(index + 1), total: String(size) })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {!isLastStep && (
            <Button variant="subtle" color="gray" size="xs" onClick={skipProps.onClick}>
              {t(buttons.skip)}
            </Button>
          )}
          {index > 0 && (
            <Button variant="default" size="xs" onClick={backProps.onClick}>
              {t(buttons.previous)}
            </Button>
          )}
          <Button size="xs" onClick={primaryProps.onClick} data-autofocus>
            {t(isLastStep ? buttons.done : buttons.next)}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export interface TourRunnerProps {
  tour: Tour;
  /** Played again on purpose: steps marked bypassOnRestart are left out. */
  restart?: boolean;
  /** Paused while something else (a modal) has the user's attention. */
  paused: boolean;
  /** The tour ended: finished, skipped, closed or dismissed with Escape. Each one completes it. */
  onFinish: () => void;
}

/**
 * Plays a tour with react-joyride (its own chunk: loaded only when a tour is due). Escape ends the
 * tour and removes the backdrop; the close and skip buttons end it too (spec §4).
 */
export default function TourRunner({ tour, restart = false, paused, onFinish }: TourRunnerProps) {
  const { t } = useTranslation();
  const steps = useMemo<Step[]>(
    () =>
      stepsToPlay(tour, restart).map((step) => ({
        id: step.stepId,
        target: step.placement === 'center' ? 'body' : anchorSelector(step.anchorId),
        placement: step.placement,
        title: t(step.title),
        content: t(step.content),
        data: { buttons: step.buttons },
      })),
    [tour, restart, t],
  );

  useEffect(() => {
    if (paused) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onFinish();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paused, onFinish]);

  return (
    <Joyride
      steps={steps}
      run={!paused}
      continuous
      tooltipComponent={TourTooltip}
      options={{
        skipBeacon: true,
        closeButtonAction: 'skip',
        dismissKeyAction: false,
        overlayClickAction: false,
        primaryColor: 'var(--mantine-color-brand-6)',
        zIndex: 300,
        targetWaitTimeout: 2000,
      }}
      onEvent={(data) => {
        if (
          data.type === EVENTS.TOUR_END ||
          data.status === STATUS.FINISHED ||
          data.status === STATUS.SKIPPED
        ) {
          onFinish();
        }
      }}
    />
  );
}
