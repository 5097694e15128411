import {
  listPartiesContract,
  listProductsContract,
  listSeriesContract,
} from '@fluxo/domain/billing/contracts';
import {
  type BillingSchedule,
  createScheduleContract,
  deleteScheduleContract,
  getScheduleContract,
  listSchedulesContract,
  pauseScheduleContract,
  previewScheduleContract,
  resumeScheduleContract,
  runScheduleContract,
  SCHEDULE_DOCUMENT_TYPES,
  type ScheduleRun,
  updateScheduleContract,
} from '@fluxo/domain/billing/schedules-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';

// Recurring billing's calls. Keys sit under ['billing', 'subscriptions'] so that the real-time
// BILLING_SUBSCRIPTION_CREATED event (lib/realtime/handlers.ts) refreshes them; the customers and
// products lists under the keys BILLING_PRODUCT_CREATED and CLIENT_SUPPLIER_CREATED refresh.

export const scheduleKeys = {
  all: ['billing', 'subscriptions'] as const,
  list: (organizationId: string | null) => [...scheduleKeys.all, 'schedules', organizationId] as const,
  detail: (organizationId: string | null, id: string) =>
    [...scheduleKeys.all, 'schedule', organizationId, id] as const,
  preview: (rrule: string, startDate: string, endDate: string | null) =>
    [...scheduleKeys.all, 'preview', rrule, startDate, endDate] as const,
};

export type ScheduleFields = ContractBody<typeof createScheduleContract>;

export function useSchedules() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: scheduleKeys.list(organizationId),
    queryFn: ({ signal }) => apiRequest(listSchedulesContract, { signal }),
  });
}

export function useSchedule(id: string | null) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: scheduleKeys.detail(organizationId, id ?? ''),
    queryFn: ({ signal }) => apiRequest(getScheduleContract, { params: { id: id as string }, signal }),
    enabled: !!id,
  });
}

/** The next dates of a rule, for the form; an invalid rule answers SCHEDULE_RULE_INVALID. */
export function useSchedulePreview(rrule: string, startDate: string, endDate: string | null) {
  return useQuery({
    queryKey: scheduleKeys.preview(rrule, startDate, endDate),
    queryFn: ({ signal }) =>
      apiRequest(previewScheduleContract, {
        body: { rrule, startDate, endDate, count: 4 },
        signal,
        appErrorHandling: false,
      }),
    enabled: rrule.trim().length >= 5 && /^\d{4}-\d{2}-\d{2}$/.test(startDate),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['billing', 'documents'] }),
    ]);
}

export function useSaveSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduleFields }): Promise<BillingSchedule> =>
      id
        ? apiRequest(updateScheduleContract, {
            params: { id },
            body: {
              name: body.name,
              seriesId: body.seriesId,
              rrule: body.rrule,
              startDate: body.startDate,
              endDate: body.endDate ?? null,
              ...(body.action ? { action: body.action } : {}),
              ...(body.sendEmail !== undefined ? { sendEmail: body.sendEmail } : {}),
              template: body.template,
            },
          })
        : apiRequest(createScheduleContract, { body }),
    onSuccess: invalidate,
  });
}

export function useScheduleAction() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: string;
      action: 'pause' | 'resume' | 'delete' | 'run';
    }): Promise<BillingSchedule | ScheduleRun | { deleted: true }> => {
      const params = { id };
      if (action === 'pause') return apiRequest(pauseScheduleContract, { params });
      if (action === 'resume') return apiRequest(resumeScheduleContract, { params });
      if (action === 'delete') return apiRequest(deleteScheduleContract, { params });
      return apiRequest(runScheduleContract, { params, headers: idempotencyHeaders() });
    },
    onSuccess: invalidate,
  });
}

/** Customers, products and the invoice series a schedule can use (the form's choices). */
export function useScheduleLookups() {
  const organizationId = useSelectedOrganizationId();
  const customers = useQuery({
    queryKey: ['billing', 'parties', organizationId, 'customers'],
    queryFn: ({ signal }) => apiRequest(listPartiesContract, { query: { role: 'customer' }, signal }),
    staleTime: 30_000,
  });
  const products = useQuery({
    queryKey: ['billing', 'products', organizationId],
    queryFn: ({ signal }) => apiRequest(listProductsContract, { signal }),
    staleTime: 30_000,
  });
  const series = useQuery({
    queryKey: ['billing', 'series', organizationId],
    queryFn: ({ signal }) => apiRequest(listSeriesContract, { signal }),
    staleTime: 30_000,
  });
  return {
    customers: (customers.data ?? []).filter((party) => !party.archived),
    products: (products.data ?? []).filter((product) => !product.archived),
    series: (series.data ?? []).filter(
      (item) => !item.closed && (SCHEDULE_DOCUMENT_TYPES as readonly string[]).includes(item.documentType),
    ),
    isPending: customers.isPending || products.isPending || series.isPending,
    error: customers.error ?? products.error ?? series.error,
  };
}
