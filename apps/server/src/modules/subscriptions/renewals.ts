import type { JobHandler } from '../../platform/jobs.ts';
import { OVERDUE_JOB } from '../payments/payments.service.ts';
import {
  lockIfOverdue,
  RENEW_JOB,
  renewSubscription,
  type SubscriptionDeps,
} from './subscriptions.service.ts';

/** The scheduled jobs of the subscription lifecycle (docs/jobs.md). */
export function subscriptionJobHandlers(
  deps: Pick<SubscriptionDeps, 'billing' | 'sink'>,
): Record<string, JobHandler> {
  return {
    [RENEW_JOB]: (tx, job) => renewSubscription(tx, deps, job.subject_id, new Date(job.due_at)),
    [OVERDUE_JOB]: (tx, job) => lockIfOverdue(tx, deps, job.subject_id),
  };
}
