import type { BillingSchedule } from '@fluxo/domain/billing/schedules-contracts';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { useScheduleAction, useSchedules } from '../api/schedules.ts';

export type ScheduleActionName = 'pause' | 'resume' | 'delete' | 'run';

/** The recurring-billing page's state, shared by the desktop and phone screens. */
export function useSchedulesPage() {
  const { t } = useTranslation();
  const { selected } = useOrganizations();
  const schedules = useSchedules();
  const action = useScheduleAction();
  /** 'new', the schedule being edited, or null when the form is closed. */
  const [editing, setEditing] = useState<BillingSchedule | 'new' | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const can = useMemo(() => {
    const permissions = selected?.permissions ?? [];
    const allowed = (flag: number) => canFromStrings(permissions, 'billing.subscriptions', flag);
    return {
      create: allowed(PermissionFlag.CREATE),
      edit: allowed(PermissionFlag.EDIT),
      remove: allowed(PermissionFlag.DELETE),
    };
  }, [selected]);

  const act = (schedule: BillingSchedule, name: ScheduleActionName) =>
    action.mutate(
      { id: schedule.id, action: name },
      {
        onSuccess: (result) => {
          if (name === 'delete') setDetailId(null);
          const failed = name === 'run' && result && 'error' in result && result.error;
          showSuccess({
            message: t(
              failed ? 'BILLING.SCHEDULES.DONE.RUN_FAILED' : `BILLING.SCHEDULES.DONE.${name.toUpperCase()}`,
              { name: schedule.name },
            ),
          });
        },
      },
    );

  return { schedules, can, editing, setEditing, detailId, setDetailId, act, action };
}
