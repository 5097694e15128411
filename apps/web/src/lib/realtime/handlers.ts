import type { Organization, OrganizationsList } from '@fluxo/domain/organizations/contracts';
import type {
  ConnectionStatusChanged,
  RealtimeEventData,
  RealtimeEventType,
  RealtimeMessage,
} from '@fluxo/domain/realtime/events';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { addonKeys } from '../../features/addons/api/get-addon-cost.ts';
import { connectionsKeys } from '../../features/connections/api/get-connection-eligibility.ts';
import { featureFlagsKeys } from '../../features/home/api/get-feature-flags.ts';
import { dataExportKeys } from '../../features/organizations/api/data-exports.ts';
import { organizationsKeys } from '../../features/organizations/api/get-organizations.ts';
import { publishExportProgress } from '../../features/organizations/lib/data-export-state.ts';
import { subscriptionKeys } from '../../features/subscriptions/api/get-subscription.ts';
import { isWatchedUpload, publishUploadStatus } from '../../features/treasury/upload-status.ts';
import { realtimeQueryKeys as keys } from './query-keys.ts';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** What a handler may do; the app gives the real thing, the tests a recording one. */
export interface RealtimeContext {
  queryClient: QueryClient;
  userId: string;
  /** A translated toast: its i18n key and interpolation values. */
  toast(kind: ToastKind, key: string, values?: Record<string, string | number>): void;
  refreshToken(): Promise<void>;
  forceLogout(): Promise<void>;
  onSubscriptionUnlocked(): Promise<void>;
  /** Leaves /locked (either tree) for the landing page; elsewhere does nothing. */
  leaveLocked(): void;
  /** The bank two-factor flow (the persistent toast and its outcomes). */
  connectionStatusChanged(data: ConnectionStatusChanged): void;
}

type Handler<T extends RealtimeEventType> = (
  data: RealtimeEventData<T>,
  context: RealtimeContext,
) => void | Promise<void>;

/** One handler per event of the domain's event map: a new event without one fails the typecheck. */
export type RealtimeHandlers = { [T in RealtimeEventType]: Handler<T> };

async function invalidate(context: RealtimeContext, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => context.queryClient.invalidateQueries({ queryKey })));
}

/** Changes one organization's menus in every cached organizations list, in place. */
function updateMenus(
  context: RealtimeContext,
  organizationId: string,
  change: (menus: Organization['menus']) => Organization['menus'],
): void {
  context.queryClient.setQueriesData<OrganizationsList>({ queryKey: organizationsKeys.all }, (list) => {
    if (!list || typeof list !== 'object' || !Array.isArray((list as Partial<OrganizationsList>).myOrgs))
      return list;
    const update = (organizations: Organization[]) =>
      organizations.map((organization) =>
        organization.id === organizationId
          ? { ...organization, menus: change(organization.menus) }
          : organization,
      );
    return {
      myOrgs: update(list.myOrgs),
      memberOrgs: update(list.memberOrgs),
      particularOrgs: update(list.particularOrgs),
    };
  });
}

export const realtimeHandlers: RealtimeHandlers = {
  // A statement brings movements: the movements list and its totals read again with the balances.
  UPDATE_STATEMENT: (_, c) => invalidate(c, keys.statements, keys.accounts, keys.transactions),
  CLIENT_REMOVED: (_, c) => invalidate(c, keys.clients, organizationsKeys.all),
  CLIENT_ADDED: (_, c) => invalidate(c, keys.clients, organizationsKeys.all),
  CLIENT_UPDATED: (_, c) => invalidate(c, keys.clients, organizationsKeys.all),
  VAULT_CONNECTION_REFRESHED: (_, c) => invalidate(c, connectionsKeys.all, keys.accounts),
  VAULT_CONNECTIONS_REFRESHED: (_, c) => invalidate(c, connectionsKeys.all, keys.accounts),
  VAULT_CONNECTION_CREATED: (_, c) => invalidate(c, connectionsKeys.all, keys.accounts),
  REAL_ESTATE_TOTAL_DOCUMENTS_UPDATED: (_, c) => invalidate(c, keys.realEstate),
  BILLING_PRODUCT_CREATED: (_, c) => invalidate(c, keys.billingProducts),
  BILLING_DOCUMENT_CREATED: async (data, c) => {
    c.toast('info', 'REALTIME.TOASTS.BILLING_DOCUMENT_CREATED', { number: data.Number ?? '' });
    // A schedule's run produces documents too: its list counts them.
    await invalidate(c, keys.billingDocuments, keys.documents, keys.billingSubscriptions);
  },
  BILLING_SUBSCRIPTION_CREATED: (_, c) => invalidate(c, keys.billingSubscriptions),
  // "Refresh the page": every query on screen reads again, without a reload.
  REFRESH_PAGE: (_, c) => c.queryClient.invalidateQueries(),
  REFRESH_ALERTS: (_, c) => invalidate(c, keys.alerts),
  REFRESH_TOKEN: (_, c) => c.refreshToken(),
  REFRESH_MENU: (_, c) => invalidate(c, organizationsKeys.all),
  REFRESH_ORGANIZATIONS: (_, c) => invalidate(c, organizationsKeys.all),
  REFRESH_ADDONS: (_, c) => invalidate(c, addonKeys.all, subscriptionKeys.all),
  REFRESH_DOCUMENTS: (_, c) => invalidate(c, keys.documents),
  REFRESH_PLUGIN: (_, c) => invalidate(c, keys.plugins, featureFlagsKeys.all),
  REFRESH_NOTIFICATIONS: (_, c) => invalidate(c, keys.notifications),
  REFRESH_ASSOCIATIONS: (_, c) => invalidate(c, keys.associations),
  REFRESH_CHAT: (_, c) => invalidate(c, keys.chat),
  REFRESH_CONNECTION: (_, c) => invalidate(c, connectionsKeys.all),
  ADD_SUBMENU: (data, c) =>
    updateMenus(c, data.OrganizationId, (menus) =>
      menus.map((menu) =>
        menu.key === data.MenuKey
          ? {
              ...menu,
              subMenus: [...menu.subMenus.filter((sub) => sub.key !== data.SubMenu.key), data.SubMenu].sort(
                (a, b) => a.order - b.order,
              ),
            }
          : menu,
      ),
    ),
  REMOVE_SUBMENU: (data, c) =>
    updateMenus(c, data.OrganizationId, (menus) =>
      menus.map((menu) =>
        menu.key === data.MenuKey
          ? { ...menu, subMenus: menu.subMenus.filter((sub) => sub.key !== data.SubMenuKey) }
          : menu,
      ),
    ),
  UPDATE_ACCOUNT_STATUS: (_, c) => invalidate(c, keys.accounts, connectionsKeys.all),
  UPDATE_WALLET_STATUS: (_, c) => invalidate(c, keys.wallets, keys.accounts),
  UPDATE_TRANSACTION_DOCUMENTS_TOTAL: (_, c) => invalidate(c, keys.transactions),
  UPDATE_OPERATION_DOCUMENTS_TOTAL: (_, c) => invalidate(c, keys.operations),
  GET_ACCOUNTS_RETRY: (_, c) => invalidate(c, keys.accounts, connectionsKeys.all),
  CONNECTION_STATUS_CHANGED: async (data, c) => {
    c.connectionStatusChanged(data);
    await invalidate(c, connectionsKeys.all, keys.accounts);
  },
  UPDATE_ADDON_STATUS: (_, c) => invalidate(c, addonKeys.all, subscriptionKeys.all, organizationsKeys.all),
  SUBSCRIPTION_UNLOCKED: async (_, c) => {
    c.toast('success', 'REALTIME.TOASTS.SUBSCRIPTION_UNLOCKED');
    await c.onSubscriptionUnlocked();
    c.leaveLocked();
  },
  SUBSCRIPTION_CHANGED: (_, c) => invalidate(c, subscriptionKeys.all, organizationsKeys.all, addonKeys.all),
  FREED_UP_RESOURCE: (_, c) =>
    invalidate(c, subscriptionKeys.all, addonKeys.all, connectionsKeys.all, organizationsKeys.all),
  ORGANIZATION_UNLOCKED: async (_, c) => {
    c.toast('success', 'REALTIME.TOASTS.ORGANIZATION_UNLOCKED');
    await c.onSubscriptionUnlocked();
    c.leaveLocked();
  },
  UPDATE_UPLOAD_FILE_STATUS: async (data, c) => {
    publishUploadStatus(data.FileId, data.Status, data.Percent);
    // An upload the import wizard is showing has its own progress bar: no toast on top of it.
    if (data.FileName && !isWatchedUpload(data.FileId))
      c.toast('info', 'REALTIME.TOASTS.UPLOAD_FILE_STATUS', { name: data.FileName, status: data.Status });
    await invalidate(c, keys.uploads, keys.documents);
  },
  ORGANIZATION_USER_ADDED: async (data, c) => {
    if (data.UserId === c.userId) c.toast('info', 'REALTIME.TOASTS.ORGANIZATION_USER_ADDED');
    await invalidate(c, organizationsKeys.all);
  },
  DATA_EXPORT_PROGRESS: async (data, c) => {
    publishExportProgress(data.ExportId, data.Status, data.Percent);
    if (data.Status === 'ready') c.toast('success', 'DATA_EXPORT.READY_TOAST');
    if (data.Status === 'ready' || data.Status === 'failed') await invalidate(c, dataExportKeys.all);
  },
  UPDATE_TRANSACTION: (_, c) => invalidate(c, keys.transactions, keys.accounts),
  CLIENT_SUPPLIER_CREATED: async (data, c) => {
    c.toast('info', 'REALTIME.TOASTS.CLIENT_SUPPLIER_CREATED', { name: data.Name });
    await invalidate(c, keys.clientSuppliers);
  },
  PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION: async (data, c) => {
    c.toast('info', 'REALTIME.TOASTS.CLIENT_SUPPLIER_AUTO_CONFIRMATION', { name: data.Name });
    await invalidate(c, keys.clientSuppliers, keys.transactions);
  },
  FORCE_LOGOUT: (_, c) => c.forceLogout(),
};

/** Runs the handler of a checked message. */
export function handleRealtimeMessage(message: RealtimeMessage, context: RealtimeContext): Promise<void> {
  const handler = realtimeHandlers[message.type] as Handler<RealtimeEventType>;
  return Promise.resolve(handler(message.data as never, context));
}
