import { isLanguage, LANGUAGE_LOCALES, type Language } from '../languages.ts';
import { notificationText } from '../notifications/kinds.ts';
import type { RealtimeMessage } from './events.ts';

/**
 * What a web push carries (README "Web push"): the message envelope plus the notification the service
 * worker shows, already in the recipient's language. The server renders it because it knows the
 * user's language when it sends; the service worker has no session to ask and may be woken with no
 * tab open, so it shows what it is given.
 */

/** The texts of every push notification; `{name}` placeholders are filled from the message. */
const gb = {
  DEFAULT_TITLE: 'Fluxo',
  DEFAULT_BODY: 'You have a new notification.',
  SUBSCRIPTION_UNLOCKED_TITLE: 'Subscription unlocked',
  SUBSCRIPTION_UNLOCKED_BODY: 'Your subscription is active again.',
  ORGANIZATION_UNLOCKED_TITLE: 'Organization unlocked',
  ORGANIZATION_UNLOCKED_BODY: 'Your organization is available again.',
  BILLING_DOCUMENT_CREATED_TITLE: 'New billing document',
  BILLING_DOCUMENT_CREATED_BODY: 'A billing document was created.',
  BILLING_DOCUMENT_CREATED_BODY_NUMBERED: 'Document {number} was created.',
  CONNECTION_WAITING_TITLE: 'Your bank needs your confirmation',
  CONNECTION_WAITING_TITLE_NAMED: '{institution} needs your confirmation',
  CONNECTION_WAITING_BODY: 'Open Fluxo to finish connecting your bank.',
  CONNECTION_WAITING_BODY_NAMED: 'Open Fluxo to finish connecting {connection}.',
};

export type PushTextKey = keyof typeof gb;

export const PUSH_TEXTS: Record<Language, Record<PushTextKey, string>> = {
  gb,
  pt: {
    DEFAULT_TITLE: 'Fluxo',
    DEFAULT_BODY: 'Tem uma nova notificação.',
    SUBSCRIPTION_UNLOCKED_TITLE: 'Subscrição desbloqueada',
    SUBSCRIPTION_UNLOCKED_BODY: 'A sua subscrição está novamente ativa.',
    ORGANIZATION_UNLOCKED_TITLE: 'Organização desbloqueada',
    ORGANIZATION_UNLOCKED_BODY: 'A sua organização está novamente disponível.',
    BILLING_DOCUMENT_CREATED_TITLE: 'Novo documento de faturação',
    BILLING_DOCUMENT_CREATED_BODY: 'Foi criado um documento de faturação.',
    BILLING_DOCUMENT_CREATED_BODY_NUMBERED: 'O documento {number} foi criado.',
    CONNECTION_WAITING_TITLE: 'O seu banco precisa da sua confirmação',
    CONNECTION_WAITING_TITLE_NAMED: '{institution} precisa da sua confirmação',
    CONNECTION_WAITING_BODY: 'Abra o Fluxo para concluir a ligação ao seu banco.',
    CONNECTION_WAITING_BODY_NAMED: 'Abra o Fluxo para concluir a ligação {connection}.',
  },
  es: {
    DEFAULT_TITLE: 'Fluxo',
    DEFAULT_BODY: 'Tienes una nueva notificación.',
    SUBSCRIPTION_UNLOCKED_TITLE: 'Suscripción desbloqueada',
    SUBSCRIPTION_UNLOCKED_BODY: 'Tu suscripción vuelve a estar activa.',
    ORGANIZATION_UNLOCKED_TITLE: 'Organización desbloqueada',
    ORGANIZATION_UNLOCKED_BODY: 'Tu organización vuelve a estar disponible.',
    BILLING_DOCUMENT_CREATED_TITLE: 'Nuevo documento de facturación',
    BILLING_DOCUMENT_CREATED_BODY: 'Se ha creado un documento de facturación.',
    BILLING_DOCUMENT_CREATED_BODY_NUMBERED: 'Se ha creado el documento {number}.',
    CONNECTION_WAITING_TITLE: 'Tu banco necesita tu confirmación',
    CONNECTION_WAITING_TITLE_NAMED: '{institution} necesita tu confirmación',
    CONNECTION_WAITING_BODY: 'Abre Fluxo para terminar de conectar tu banco.',
    CONNECTION_WAITING_BODY_NAMED: 'Abre Fluxo para terminar de conectar {connection}.',
  },
  fr: {
    DEFAULT_TITLE: 'Fluxo',
    DEFAULT_BODY: 'Vous avez une nouvelle notification.',
    SUBSCRIPTION_UNLOCKED_TITLE: 'Abonnement débloqué',
    SUBSCRIPTION_UNLOCKED_BODY: 'Votre abonnement est de nouveau actif.',
    ORGANIZATION_UNLOCKED_TITLE: 'Organisation débloquée',
    ORGANIZATION_UNLOCKED_BODY: 'Votre organisation est de nouveau disponible.',
    BILLING_DOCUMENT_CREATED_TITLE: 'Nouveau document de facturation',
    BILLING_DOCUMENT_CREATED_BODY: 'Un document de facturation a été créé.',
    BILLING_DOCUMENT_CREATED_BODY_NUMBERED: 'Le document {number} a été créé.',
    CONNECTION_WAITING_TITLE: 'Votre banque attend votre confirmation',
    CONNECTION_WAITING_TITLE_NAMED: '{institution} attend votre confirmation',
    CONNECTION_WAITING_BODY: 'Ouvrez Fluxo pour terminer la connexion à votre banque.',
    CONNECTION_WAITING_BODY_NAMED: 'Ouvrez Fluxo pour terminer la connexion {connection}.',
  },
};

/** The notification the service worker shows: texts in the user's language, and where a click goes. */
export interface PushNotification {
  title: string;
  body: string;
  /** An app path (same origin): the service worker opens nothing else. */
  url: string;
  /** BCP 47 tag of the texts (the Notification's `lang`). */
  lang: string;
}

/** The JSON body of a web push. */
export type PushPayload = Pick<RealtimeMessage, 'messageId' | 'type' | 'createdAt'> & {
  data: unknown;
  notification: PushNotification;
};

/** Push services refuse payloads past about 4 KB; what does not fit goes without its data. */
export const MAX_PUSH_PAYLOAD_BYTES = 3_000;

const WALLETS_PATH = '/treasury/wallets';

/** The notification of a message in a language (gb when the language is unknown). */
export function pushNotification(message: RealtimeMessage, language: string): PushNotification {
  const lang: Language = isLanguage(language) ? language : 'gb';
  const texts = PUSH_TEXTS[lang];
  const text = (key: PushTextKey, values: Record<string, string> = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const shown = (title: string, body: string, url = '/'): PushNotification => ({
    title,
    body,
    url,
    lang: LANGUAGE_LOCALES[lang],
  });
  switch (message.type) {
    case 'SUBSCRIPTION_UNLOCKED':
      return shown(text('SUBSCRIPTION_UNLOCKED_TITLE'), text('SUBSCRIPTION_UNLOCKED_BODY'));
    case 'ORGANIZATION_UNLOCKED':
      return shown(text('ORGANIZATION_UNLOCKED_TITLE'), text('ORGANIZATION_UNLOCKED_BODY'));
    case 'BILLING_DOCUMENT_CREATED': {
      const number = message.data.Number?.trim();
      return shown(
        text('BILLING_DOCUMENT_CREATED_TITLE'),
        number
          ? text('BILLING_DOCUMENT_CREATED_BODY_NUMBERED', { number })
          : text('BILLING_DOCUMENT_CREATED_BODY'),
      );
    }
    case 'CONNECTION_STATUS_CHANGED': {
      // Only a bank waiting for the user is pushed; any other status gets the plain notification.
      if (message.data.Status !== 'waiting_authentication') break;
      const institution = message.data.ExtraData.InstitutionName.trim();
      const connection = message.data.ExtraData.ConnectionName.trim();
      return shown(
        institution
          ? text('CONNECTION_WAITING_TITLE_NAMED', { institution })
          : text('CONNECTION_WAITING_TITLE'),
        connection ? text('CONNECTION_WAITING_BODY_NAMED', { connection }) : text('CONNECTION_WAITING_BODY'),
        WALLETS_PATH,
      );
    }
    case 'REFRESH_NOTIFICATIONS': {
      if (!message.data.Kind) break;
      const { title, body } = notificationText(message.data.Kind, message.data.Params ?? {}, lang);
      return shown(title, body, message.data.Link ?? '/');
    }
  }
  return shown(text('DEFAULT_TITLE'), text('DEFAULT_BODY'));
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The body of the web push of a message to a user who reads `language`: the envelope without what a
 * notification cannot show (the QR image), and the rendered notification. When the data makes it too
 * large for a push service, the data is left out; the notification always goes.
 */
export function pushPayload(message: RealtimeMessage, language: string): string {
  const notification = pushNotification(message, language);
  const full = JSON.stringify({ ...message, notification } satisfies PushPayload, (key, value) =>
    key === 'QrCode' ? undefined : value,
  );
  if (utf8Length(full) <= MAX_PUSH_PAYLOAD_BYTES) return full;
  return JSON.stringify({
    messageId: message.messageId,
    type: message.type,
    data: {},
    createdAt: message.createdAt,
    notification,
  } satisfies PushPayload);
}
