import { isLanguage, type Language } from '../languages.ts';

/**
 * The notifications modules create (docs/audit-and-notifications.md): each kind, whether it is
 * important (sent by web push when the user wants it), the channels a user gets until they choose,
 * and its texts in every language. `{name}` placeholders are filled from the notification's params.
 */
export const NOTIFICATION_KINDS = [
  'billing.documentOverdue',
  'treasury.consentExpiring',
  'organization.invitation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

export interface NotificationChannels {
  inApp: boolean;
  push: boolean;
  email: boolean;
}

export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannels & { important: boolean }> =
  {
    'billing.documentOverdue': { important: true, inApp: true, push: true, email: false },
    'treasury.consentExpiring': { important: true, inApp: true, push: true, email: true },
    'organization.invitation': { important: true, inApp: true, push: true, email: false },
  };

type Texts = Record<NotificationKind, { title: string; body: string }> & {
  DIGEST_SUBJECT: string;
  DIGEST_INTRO: string;
  DIGEST_OUTRO: string;
};

export const NOTIFICATION_TEXTS: Record<Language, Texts> = {
  gb: {
    'billing.documentOverdue': {
      title: 'Document overdue',
      body: '{number} to {customer} was due on {dueDate} and is still unpaid.',
    },
    'treasury.consentExpiring': {
      title: 'Bank consent expiring',
      body: 'The consent for {connection} ({institution}) ends on {date}. Renew it to keep your movements coming.',
    },
    'organization.invitation': {
      title: 'Invitation',
      body: '{inviter} invited you to {organization}.',
    },
    DIGEST_SUBJECT: 'Your Fluxo notifications ({count})',
    DIGEST_INTRO: 'Hello {name},\n\nHere is what happened in Fluxo since our last message:\n',
    DIGEST_OUTRO:
      '\nYou choose which notifications reach you by e-mail in Fluxo, under Notifications in your user menu.\n',
  },
  pt: {
    'billing.documentOverdue': {
      title: 'Documento vencido',
      body: '{number} de {customer} venceu em {dueDate} e continua por pagar.',
    },
    'treasury.consentExpiring': {
      title: 'Consentimento bancário a expirar',
      body: 'O consentimento de {connection} ({institution}) termina em {date}. Renove-o para continuar a receber os movimentos.',
    },
    'organization.invitation': {
      title: 'Convite',
      body: '{inviter} convidou-o para {organization}.',
    },
    DIGEST_SUBJECT: 'As suas notificações Fluxo ({count})',
    DIGEST_INTRO: 'Olá {name},\n\nEis o que aconteceu no Fluxo desde a nossa última mensagem:\n',
    DIGEST_OUTRO:
      '\nEscolha que notificações recebe por e-mail no Fluxo, em Notificações no menu do utilizador.\n',
  },
  es: {
    'billing.documentOverdue': {
      title: 'Documento vencido',
      body: '{number} de {customer} vencía el {dueDate} y sigue sin pagarse.',
    },
    'treasury.consentExpiring': {
      title: 'El consentimiento bancario caduca',
      body: 'El consentimiento de {connection} ({institution}) termina el {date}. Renuévalo para seguir recibiendo los movimientos.',
    },
    'organization.invitation': {
      title: 'Invitación',
      body: '{inviter} te ha invitado a {organization}.',
    },
    DIGEST_SUBJECT: 'Tus notificaciones de Fluxo ({count})',
    DIGEST_INTRO: 'Hola {name},\n\nEsto es lo que ha pasado en Fluxo desde nuestro último mensaje:\n',
    DIGEST_OUTRO:
      '\nElige qué notificaciones recibes por correo en Fluxo, en Notificaciones del menú de usuario.\n',
  },
  fr: {
    'billing.documentOverdue': {
      title: 'Document échu',
      body: "{number} de {customer} était dû le {dueDate} et n'est toujours pas payé.",
    },
    'treasury.consentExpiring': {
      title: 'Consentement bancaire bientôt expiré',
      body: 'Le consentement de {connection} ({institution}) prend fin le {date}. Renouvelez-le pour continuer à recevoir vos mouvements.',
    },
    'organization.invitation': {
      title: 'Invitation',
      body: '{inviter} vous a invité à rejoindre {organization}.',
    },
    DIGEST_SUBJECT: 'Vos notifications Fluxo ({count})',
    DIGEST_INTRO: 'Bonjour {name},\n\nVoici ce qui s’est passé dans Fluxo depuis notre dernier message :\n',
    DIGEST_OUTRO:
      '\nChoisissez les notifications reçues par e-mail dans Fluxo, sous Notifications dans le menu utilisateur.\n',
  },
};

function fill(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A notification's title and body in a language (gb when unknown); an unknown kind gets its name. */
export function notificationText(
  kind: string,
  params: Record<string, unknown>,
  language: string,
): { title: string; body: string } {
  const lang: Language = isLanguage(language) ? language : 'gb';
  if (!isNotificationKind(kind)) return { title: kind, body: '' };
  const texts = NOTIFICATION_TEXTS[lang][kind];
  return { title: fill(texts.title, params), body: fill(texts.body, params) };
}

/** The digest mail's fixed texts, filled. */
export function digestText(
  language: string,
  key: 'DIGEST_SUBJECT' | 'DIGEST_INTRO' | 'DIGEST_OUTRO',
  params: Record<string, unknown>,
): string {
  const lang: Language = isLanguage(language) ? language : 'gb';
  return fill(NOTIFICATION_TEXTS[lang][key], params);
}
