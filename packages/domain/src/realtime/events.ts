import { z } from 'zod';
import { CONNECTION_AUTH_TYPES } from '../code-tables.ts';
import { MENU_ORDER, type MenuKey, type SubMenu } from '../menus.ts';

/**
 * The real-time channel (spec §7 "Real-time channel"): one typed map of every server event, the
 * message envelope, and the client's connection policy (spec §4, §9). Payload fields keep the
 * spec's wire names (PascalCase, as the gateway sends them).
 */

/** Hub path on the gateway, the server→client event, and the client→server acknowledgement. */
export const REALTIME_PATH = '/signalr/notifications';
export const REALTIME_MESSAGE_EVENT = 'notification';
export const REALTIME_ACK_EVENT = 'AcknowledgeMessage';

const ZId = z.string().min(1).max(200);
const ZCount = z.number().int().nonnegative();
const ZStatusText = z.string().min(1).max(100);
const ZOrganizationScope = z.object({ OrganizationId: ZId.optional() });

/** Bank connection statuses carried by CONNECTION_STATUS_CHANGED (spec §3, §4). */
export const CONNECTION_STATUSES = [
  'created',
  'waiting_authentication',
  'connected',
  'invalid_token',
  'two_factor_auth_timeout',
  'error',
  /** The consent given at the bank has expired or was revoked: renew it (PATCH /connections/{id}/renew). */
  'consent_expired',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** Seconds the two-factor toast counts down when the event does not say (spec §9: 120 s). */
export const DEFAULT_TWO_FACTOR_TIMEOUT_SECONDS = 120;

export const ZConnectionStatusChanged = z.object({
  Status: z.enum(CONNECTION_STATUSES),
  AuthType: z.enum(CONNECTION_AUTH_TYPES).optional(),
  ExtraData: z.object({
    ConnectionName: z.string().max(200),
    InstitutionName: z.string().max(200),
    InstitutionCountry: z.string().max(2),
    InstitutionCode: z.string().max(100),
    ConnectionId: ZId,
    /** Seconds the user has to answer. */
    Timeout: z.number().int().positive().max(3600).default(DEFAULT_TWO_FACTOR_TIMEOUT_SECONDS),
    /** When the answer is due (ISO); lets a replayed message count down from the right place. */
    ExpiresAt: z.iso.datetime({ offset: true }).optional(),
    /** What the toast shows for the auth type: the question, or the QR code as an image data URL. */
    ExtraData: z
      .object({
        Question: z.string().max(500).optional(),
        QrCode: z
          .string()
          .max(100_000)
          .regex(/^data:image\/(png|svg\+xml);base64,/)
          .optional(),
      })
      .optional(),
  }),
});
export type ConnectionStatusChanged = z.infer<typeof ZConnectionStatusChanged>;

const MENU_KEYS = Object.keys(MENU_ORDER) as [MenuKey, ...MenuKey[]];
const ZSubMenuItem = z.object({
  key: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  path: z.string().regex(/^\//).max(300),
  order: z.number().int(),
});
// The pushed sub-menu has exactly the shape the menu builder makes.
const subMenuShapeMatches: SubMenu = {} as z.infer<typeof ZSubMenuItem>;
void subMenuShapeMatches;

/** Every server event (spec §7) and the schema of its `data`. */
export const REALTIME_EVENTS = {
  UPDATE_STATEMENT: z.object({ StatementId: ZId, AccountId: ZId.optional(), OrganizationId: ZId.optional() }),
  CLIENT_REMOVED: z.object({ ClientId: ZId, OrganizationId: ZId.optional() }),
  CLIENT_ADDED: z.object({ ClientId: ZId, OrganizationId: ZId.optional() }),
  CLIENT_UPDATED: z.object({ ClientId: ZId, OrganizationId: ZId.optional() }),
  VAULT_CONNECTION_REFRESHED: z.object({
    ConnectionId: ZId,
    Status: z.enum(CONNECTION_STATUSES).optional(),
    OrganizationId: ZId.optional(),
  }),
  VAULT_CONNECTIONS_REFRESHED: ZOrganizationScope,
  VAULT_CONNECTION_CREATED: z.object({ ConnectionId: ZId, OrganizationId: ZId.optional() }),
  REAL_ESTATE_TOTAL_DOCUMENTS_UPDATED: z.object({ RealEstateId: ZId, Total: ZCount }),
  BILLING_PRODUCT_CREATED: z.object({ ProductId: ZId, Name: z.string().max(200).optional() }),
  BILLING_DOCUMENT_CREATED: z.object({
    DocumentId: ZId,
    Number: z.string().max(100).optional(),
    OrganizationId: ZId.optional(),
  }),
  BILLING_SUBSCRIPTION_CREATED: z.object({ SubscriptionId: ZId, OrganizationId: ZId.optional() }),
  REFRESH_PAGE: ZOrganizationScope,
  REFRESH_ALERTS: ZOrganizationScope,
  REFRESH_TOKEN: ZOrganizationScope,
  REFRESH_MENU: ZOrganizationScope,
  REFRESH_ORGANIZATIONS: ZOrganizationScope,
  REFRESH_ADDONS: ZOrganizationScope,
  REFRESH_DOCUMENTS: ZOrganizationScope,
  REFRESH_PLUGIN: ZOrganizationScope,
  /**
   * A notification was stored for the user (docs/audit-and-notifications.md). `Push` marks the important
   * kinds the user wants by web push; the push shows the kind's texts with `Params`, and opens `Link`.
   */
  REFRESH_NOTIFICATIONS: ZOrganizationScope.extend({
    NotificationId: ZId.optional(),
    Kind: z.string().max(100).optional(),
    Params: z.record(z.string(), z.union([z.string().max(300), z.number()])).optional(),
    Link: z
      .string()
      .regex(/^\/[^/\\]/)
      .max(300)
      .optional(),
    Push: z.boolean().optional(),
  }),
  REFRESH_ASSOCIATIONS: ZOrganizationScope,
  REFRESH_CHAT: ZOrganizationScope,
  REFRESH_CONNECTION: z.object({ ConnectionId: ZId.optional(), OrganizationId: ZId.optional() }),
  ADD_SUBMENU: z.object({ OrganizationId: ZId, MenuKey: z.enum(MENU_KEYS), SubMenu: ZSubMenuItem }),
  REMOVE_SUBMENU: z.object({
    OrganizationId: ZId,
    MenuKey: z.enum(MENU_KEYS),
    SubMenuKey: z.string().min(1),
  }),
  UPDATE_ACCOUNT_STATUS: z.object({ AccountId: ZId, Status: ZStatusText, ConnectionId: ZId.optional() }),
  UPDATE_WALLET_STATUS: z.object({ WalletId: ZId, Status: ZStatusText }),
  UPDATE_TRANSACTION_DOCUMENTS_TOTAL: z.object({ TransactionId: ZId, Total: ZCount }),
  UPDATE_OPERATION_DOCUMENTS_TOTAL: z.object({ OperationId: ZId, Total: ZCount }),
  GET_ACCOUNTS_RETRY: z.object({ ConnectionId: ZId }),
  CONNECTION_STATUS_CHANGED: ZConnectionStatusChanged,
  UPDATE_ADDON_STATUS: z.object({ AddonKey: z.string().min(1).max(100), Status: ZStatusText }),
  SUBSCRIPTION_UNLOCKED: z.object({
    SubscriptionId: ZId,
    OrganizationIds: z.array(ZId).max(1000).optional(),
  }),
  SUBSCRIPTION_CHANGED: z.object({
    SubscriptionId: ZId,
    PlanName: z.string().max(100).optional(),
    Status: z.number().int().min(0).max(5).optional(),
  }),
  FREED_UP_RESOURCE: z.object({
    ResourceKey: z.string().min(1).max(100),
    Quantity: z.number().int().positive().optional(),
    OrganizationId: ZId.optional(),
  }),
  ORGANIZATION_UNLOCKED: z.object({ OrganizationId: ZId }),
  UPDATE_UPLOAD_FILE_STATUS: z.object({
    FileId: ZId,
    Status: ZStatusText,
    FileName: z.string().max(300).optional(),
    /** How far the server is with the file (statement imports: received 0 … done 100). */
    Percent: z.number().int().min(0).max(100).optional(),
  }),
  ORGANIZATION_USER_ADDED: z.object({ OrganizationId: ZId, UserId: ZId }),
  /** How far an organization's data export is (to the owner who asked for it). */
  DATA_EXPORT_PROGRESS: z.object({
    ExportId: ZId,
    OrganizationId: ZId,
    Status: z.enum(['pending', 'running', 'ready', 'failed', 'expired']),
    Percent: z.number().int().min(0).max(100),
  }),
  UPDATE_TRANSACTION: z.object({ TransactionId: ZId, AccountId: ZId.optional() }),
  CLIENT_SUPPLIER_CREATED: z.object({ ClientSupplierId: ZId, Name: z.string().max(200) }),
  PROMPT_CLIENT_SUPPLIER_AUTO_CONFIRMATION: z.object({
    ClientSupplierId: ZId,
    Name: z.string().max(200),
    TransactionId: ZId.optional(),
  }),
  FORCE_LOGOUT: z.object({ Reason: z.string().max(500).optional() }),
} as const satisfies Record<string, z.ZodType>;

export type RealtimeEvents = typeof REALTIME_EVENTS;
export type RealtimeEventType = keyof RealtimeEvents;
export const REALTIME_EVENT_TYPES = Object.keys(REALTIME_EVENTS) as RealtimeEventType[];
/** The `data` of an event, as its handler reads it. */
export type RealtimeEventData<T extends RealtimeEventType> = z.infer<RealtimeEvents[T]>;
/** The `data` of an event, as its sender may write it (defaults not yet applied). */
export type RealtimeEventInput<T extends RealtimeEventType> = z.input<RealtimeEvents[T]>;

export function isRealtimeEventType(value: unknown): value is RealtimeEventType {
  return typeof value === 'string' && Object.hasOwn(REALTIME_EVENTS, value);
}

/** The envelope of every message on the channel. */
export const ZRealtimeEnvelope = z.object({
  messageId: z.string().min(1),
  type: z.enum(REALTIME_EVENT_TYPES as [RealtimeEventType, ...RealtimeEventType[]]),
  data: z.unknown(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** A message whose `data` matches its type; a union over every event, narrowed by `type`. */
export type RealtimeMessage = {
  [T in RealtimeEventType]: { messageId: string; type: T; data: RealtimeEventData<T>; createdAt: string };
}[RealtimeEventType];

/** One event as a sender writes it: its type and data (a union narrowed by `type`). */
export type RealtimeEvent = {
  [T in RealtimeEventType]: { type: T; data: RealtimeEventInput<T> };
}[RealtimeEventType];

/**
 * Checks a received message: the envelope, then the data against its type's schema. Unknown types and
 * malformed data give an error the client logs, never a half-read message.
 */
export function parseRealtimeMessage(
  raw: unknown,
): { success: true; message: RealtimeMessage } | { success: false; error: string } {
  const envelope = ZRealtimeEnvelope.safeParse(raw);
  if (!envelope.success) return { success: false, error: z.prettifyError(envelope.error) };
  const data = REALTIME_EVENTS[envelope.data.type].safeParse(envelope.data.data);
  if (!data.success)
    return { success: false, error: `${envelope.data.type}: ${z.prettifyError(data.error)}` };
  return { success: true, message: { ...envelope.data, data: data.data } as RealtimeMessage };
}

/** Checks an event before it is sent: its data, with defaults applied. */
export function parseRealtimeEvent(
  type: RealtimeEventType,
  data: unknown,
): { success: true; data: unknown } | { success: false; error: z.ZodError } {
  const result = REALTIME_EVENTS[type].safeParse(data);
  return result.success ? { success: true, data: result.data } : { success: false, error: result.error };
}

/**
 * Whether a message also goes out as a web push when no open tab acknowledges it: the events a person
 * should see even with the app closed. A forced logout never does (there is nothing to log off).
 */
export function isPushEvent(type: RealtimeEventType, data: unknown): boolean {
  switch (type) {
    case 'SUBSCRIPTION_UNLOCKED':
    case 'ORGANIZATION_UNLOCKED':
    case 'BILLING_DOCUMENT_CREATED':
      return true;
    case 'CONNECTION_STATUS_CHANGED':
      return (data as { Status?: unknown } | null)?.Status === 'waiting_authentication';
    case 'REFRESH_NOTIFICATIONS':
      return (data as { Push?: unknown } | null)?.Push === true;
    default:
      return false;
  }
}

/** The client's connection policy (spec §4, §9). */
export const REALTIME_RETRY = {
  maxAttempts: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxJitterMs: 500,
} as const;

/**
 * Delay before reconnection attempt `attempt` (1-based): 1 s doubling per attempt, capped at 30 s, plus
 * up to 500 ms of jitter. `random` returns a number in [0, 1), like Math.random.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be ≥ 1, got ${attempt}`);
  const exponential = Math.min(
    REALTIME_RETRY.baseDelayMs * 2 ** Math.min(attempt - 1, 30),
    REALTIME_RETRY.maxDelayMs,
  );
  const unit = Math.min(Math.max(random(), 0), 1);
  return exponential + Math.round(unit * REALTIME_RETRY.maxJitterMs);
}

/** True while another attempt is allowed after `failedAttempts` failures; false means give up. */
export function shouldRetry(failedAttempts: number): boolean {
  return failedAttempts < REALTIME_RETRY.maxAttempts;
}
