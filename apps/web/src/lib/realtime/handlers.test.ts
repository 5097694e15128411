import type { OrganizationsList } from '@fluxo/domain/organizations/contracts';
import {
  REALTIME_EVENT_TYPES,
  REALTIME_EVENTS,
  type RealtimeEventInput,
  type RealtimeEventType,
  type RealtimeMessage,
} from '@fluxo/domain/realtime/events';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { exportProgressOf } from '../../features/organizations/lib/data-export-state.ts';
import { uploadStatusOf, watchUpload } from '../../features/treasury/upload-status.ts';
import { handleRealtimeMessage, type RealtimeContext } from './handlers.ts';

const ORG = 'org-1';

function organizations(): OrganizationsList {
  const organization = {
    id: ORG,
    menus: [
      {
        key: 'treasury',
        title: 'MENU.TREASURY.TITLE',
        order: 1,
        subMenus: [
          { key: 'wallets', title: 'MENU.TREASURY.WALLETS', path: '/treasury/wallets', order: 1 },
          { key: 'pos', title: 'MENU.TREASURY.POS', path: '/treasury/wallets/pos', order: 3 },
        ],
      },
    ],
  };
  return { myOrgs: [organization], memberOrgs: [], particularOrgs: [] } as unknown as OrganizationsList;
}

function harness() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['organizations', 'list', 'user-1'], organizations());
  const invalidated: QueryKey[] = [];
  const original = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = ((filters?: { queryKey?: QueryKey }) => {
    invalidated.push(filters?.queryKey ?? ['*']);
    return original(filters);
  }) as typeof queryClient.invalidateQueries;
  const context = {
    queryClient,
    userId: 'user-1',
    toast: vi.fn(),
    refreshToken: vi.fn(async () => undefined),
    forceLogout: vi.fn(async () => undefined),
    onSubscriptionUnlocked: vi.fn(async () => undefined),
    leaveLocked: vi.fn(),
    connectionStatusChanged: vi.fn(),
  } satisfies RealtimeContext;
  const subMenus = () =>
    (
      queryClient.getQueryData(['organizations', 'list', 'user-1']) as OrganizationsList
    ).myOrgs[0]!.menus[0]!.subMenus.map((sub) => sub.key);
  return { context, invalidated, subMenus };
}

type Harness = ReturnType<typeof harness>;
interface Case<T extends RealtimeEventType> {
  data: RealtimeEventInput<T>;
  check: (h: Harness) => void;
}

const invalidates =
  (...keys: QueryKey[]) =>
  (h: Harness) =>
    expect(h.invalidated).toEqual(expect.arrayContaining(keys));

/** One case per event of the map: a new event without one fails the typecheck. */
const CASES: { [T in RealtimeEventType]: Case<T> } = {
  UPDATE_STATEMENT: {
    data: { StatementId: 's' },
    check: invalidates(['statements'], ['accounts'], ['transactions']),
  },
  CLIENT_REMOVED: { data: { ClientId: 'c' }, check: invalidates(['clients'], ['organizations']) },
  CLIENT_ADDED: { data: { ClientId: 'c' }, check: invalidates(['clients'], ['organizations']) },
  CLIENT_UPDATED: { data: { ClientId: 'c' }, check: invalidates(['clients'], ['organizations']) },
  VAULT_CONNECTION_REFRESHED: {
    data: { ConnectionId: 'c' },
    check: invalidates(['connections'], ['accounts']),
  },
  VAULT_CONNECTIONS_REFRESHED: { data: {}, check: invalidates(['connections']) },
  VAULT_CONNECTION_CREATED: {
    data: { ConnectionId: 'c' },
    check: invalidates(['connections'], ['accounts']),
  },
  REAL_ESTATE_TOTAL_DOCUMENTS_UPDATED: {
    data: { RealEstateId: 'r', Total: 2 },
    check: invalidates(['real-estate']),
  },
  BILLING_PRODUCT_CREATED: { data: { ProductId: 'p' }, check: invalidates(['billing', 'products']) },
  BILLING_DOCUMENT_CREATED: {
    data: { DocumentId: 'd', Number: 'FT 1/2026' },
    check: (h) => {
      invalidates(['billing', 'documents'], ['documents'], ['billing', 'subscriptions'])(h);
      expect(h.context.toast).toHaveBeenCalledWith('info', 'REALTIME.TOASTS.BILLING_DOCUMENT_CREATED', {
        number: 'FT 1/2026',
      });
    },
  },
  BILLING_SUBSCRIPTION_CREATED: {
    data: { SubscriptionId: 's' },
    check: invalidates(['billing', 'subscriptions']),
  },
  REFRESH_PAGE: { data: {}, check: invalidates(['*']) },
  REFRESH_ALERTS: { data: {}, check: invalidates(['alerts']) },
  REFRESH_TOKEN: { data: {}, check: (h) => expect(h.context.refreshToken).toHaveBeenCalledOnce() },
  REFRESH_MENU: { data: { OrganizationId: ORG }, check: invalidates(['organizations']) },
  REFRESH_ORGANIZATIONS: { data: {}, check: invalidates(['organizations']) },
  REFRESH_ADDONS: { data: {}, check: invalidates(['addons'], ['subscription']) },
  REFRESH_DOCUMENTS: { data: {}, check: invalidates(['documents']) },
  REFRESH_PLUGIN: { data: {}, check: invalidates(['plugins'], ['feature-flags']) },
  REFRESH_NOTIFICATIONS: { data: {}, check: invalidates(['notifications']) },
  REFRESH_ASSOCIATIONS: { data: {}, check: invalidates(['associations']) },
  REFRESH_CHAT: { data: {}, check: invalidates(['chat']) },
  REFRESH_CONNECTION: { data: { ConnectionId: 'c' }, check: invalidates(['connections']) },
  ADD_SUBMENU: {
    data: {
      OrganizationId: ORG,
      MenuKey: 'treasury',
      SubMenu: { key: 'inout', title: 'MENU.TREASURY.INOUT', path: '/treasury/inout', order: 2 },
    },
    check: (h) => {
      expect(h.subMenus()).toEqual(['wallets', 'inout', 'pos']);
      expect(h.invalidated).toEqual([]);
    },
  },
  REMOVE_SUBMENU: {
    data: { OrganizationId: ORG, MenuKey: 'treasury', SubMenuKey: 'pos' },
    check: (h) => expect(h.subMenus()).toEqual(['wallets']),
  },
  UPDATE_ACCOUNT_STATUS: {
    data: { AccountId: 'a', Status: 'ok' },
    check: invalidates(['accounts'], ['connections']),
  },
  UPDATE_WALLET_STATUS: {
    data: { WalletId: 'w', Status: 'ok' },
    check: invalidates(['wallets'], ['accounts']),
  },
  UPDATE_TRANSACTION_DOCUMENTS_TOTAL: {
    data: { TransactionId: 't', Total: 1 },
    check: invalidates(['transactions']),
  },
  UPDATE_OPERATION_DOCUMENTS_TOTAL: {
    data: { OperationId: 'o', Total: 1 },
    check: invalidates(['operations']),
  },
  GET_ACCOUNTS_RETRY: { data: { ConnectionId: 'c' }, check: invalidates(['accounts'], ['connections']) },
  CONNECTION_STATUS_CHANGED: {
    data: {
      Status: 'waiting_authentication',
      AuthType: 'token',
      ExtraData: {
        ConnectionName: 'Main',
        InstitutionName: 'Fluxo Sandbox Bank',
        InstitutionCountry: 'PT',
        InstitutionCode: 'FLUXO_SANDBOX',
        ConnectionId: 'c',
      },
    },
    check: (h) => {
      expect(h.context.connectionStatusChanged).toHaveBeenCalledWith(
        expect.objectContaining({
          Status: 'waiting_authentication',
          ExtraData: expect.objectContaining({ Timeout: 120 }),
        }),
      );
      invalidates(['connections'], ['accounts'])(h);
    },
  },
  UPDATE_ADDON_STATUS: {
    data: { AddonKey: 'k', Status: 'on' },
    check: invalidates(['addons'], ['organizations']),
  },
  SUBSCRIPTION_UNLOCKED: {
    data: { SubscriptionId: 's' },
    check: (h) => {
      expect(h.context.onSubscriptionUnlocked).toHaveBeenCalledOnce();
      expect(h.context.leaveLocked).toHaveBeenCalledOnce();
      expect(h.context.toast).toHaveBeenCalledWith('success', 'REALTIME.TOASTS.SUBSCRIPTION_UNLOCKED');
    },
  },
  SUBSCRIPTION_CHANGED: {
    data: { SubscriptionId: 's' },
    check: invalidates(['subscription'], ['organizations']),
  },
  FREED_UP_RESOURCE: {
    data: { ResourceKey: 'connections' },
    check: invalidates(['subscription'], ['connections'], ['organizations']),
  },
  ORGANIZATION_UNLOCKED: {
    data: { OrganizationId: ORG },
    check: (h) => {
      expect(h.context.onSubscriptionUnlocked).toHaveBeenCalledOnce();
      expect(h.context.leaveLocked).toHaveBeenCalledOnce();
    },
  },
  UPDATE_UPLOAD_FILE_STATUS: {
    data: { FileId: 'f', Status: 'done', FileName: 'a.pdf' },
    check: (h) => {
      invalidates(['uploads'], ['documents'])(h);
      expect(h.context.toast).toHaveBeenCalledOnce();
      // The import wizard's progress bar reads the status.
      expect(uploadStatusOf('f')?.status).toBe('done');
    },
  },
  ORGANIZATION_USER_ADDED: {
    data: { OrganizationId: ORG, UserId: 'user-1' },
    check: (h) => {
      invalidates(['organizations'])(h);
      expect(h.context.toast).toHaveBeenCalledWith('info', 'REALTIME.TOASTS.ORGANIZATION_USER_ADDED');
    },
  },
  DATA_EXPORT_PROGRESS: {
    data: { ExportId: 'e', OrganizationId: ORG, Status: 'ready', Percent: 100 },
    check: (h) => {
      invalidates(['organization-exports'])(h);
      expect(h.context.toast).toHaveBeenCalledWith('success', 'DATA_EXPORT.READY_TOAST');
      // The data export panel's bar reads the progress.
      expect(exportProgressOf('e')).toEqual({ status: 'ready', percent: 100 });
    },
  },
  UPDATE_TRANSACTION: { data: { TransactionId: 't' }, check: invalidates(['transactions'], ['accounts']) },
  CLIENT_SUPPLIER_CREATED: {
    data: { ClientSupplierId: 'c', Name: 'ACME' },
    check: (h) => {
      invalidates(['client-suppliers'])(h);
      expect(h.context.toast).toHaveBeenCalledWith('info', 'REALTIME.TOASTS.CLIENT_SUPPLIER_CREATED', {
        name: 'ACME',
      });
    },
  },
  PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION: {
    data: { ClientSupplierId: 'c', Name: 'ACME' },
    check: (h) => {
      invalidates(['client-suppliers'])(h);
      expect(h.context.toast).toHaveBeenCalledOnce();
    },
  },
  FORCE_LOGOUT: {
    data: { Reason: 'admin' },
    check: (h) => expect(h.context.forceLogout).toHaveBeenCalledOnce(),
  },
};

describe('real-time handlers', () => {
  it('cover every event of the map', () => {
    expect(Object.keys(CASES).sort()).toEqual([...REALTIME_EVENT_TYPES].sort());
  });

  it.each(REALTIME_EVENT_TYPES)('%s does what the user expects', async (type) => {
    const h = harness();
    const { data, check } = CASES[type] as Case<RealtimeEventType>;
    const message = {
      messageId: `m-${type}`,
      type,
      data: REALTIME_EVENTS[type].parse(data),
      createdAt: new Date().toISOString(),
    } as RealtimeMessage;
    await handleRealtimeMessage(message, h.context);
    check(h);
  });
});

describe('upload progress', () => {
  it('a watched upload updates the wizard without a toast', async () => {
    const h = harness();
    const unwatch = watchUpload('w-1');
    await handleRealtimeMessage(
      {
        messageId: 'm-upload',
        type: 'UPDATE_UPLOAD_FILE_STATUS',
        data: { FileId: 'w-1', Status: 'saving', Percent: 40, FileName: 'statement.xml' },
        createdAt: new Date().toISOString(),
      } as RealtimeMessage,
      h.context,
    );
    unwatch();
    expect(uploadStatusOf('w-1')).toEqual({ status: 'saving', percent: 40 });
    expect(h.context.toast).not.toHaveBeenCalled();
  });
});
