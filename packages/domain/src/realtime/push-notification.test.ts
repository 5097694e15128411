import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages.ts';
import type { RealtimeMessage } from './events.ts';
import { MAX_PUSH_PAYLOAD_BYTES, PUSH_TEXTS, pushNotification, pushPayload } from './push-notification.ts';

const envelope = { messageId: 'm-1', createdAt: '2026-01-01T00:00:00.000Z' };
const unlocked = {
  ...envelope,
  type: 'SUBSCRIPTION_UNLOCKED',
  data: { SubscriptionId: 's-1' },
} as RealtimeMessage;
const organizationUnlocked = {
  ...envelope,
  type: 'ORGANIZATION_UNLOCKED',
  data: { OrganizationId: 'o-1' },
} as RealtimeMessage;
const document = {
  ...envelope,
  type: 'BILLING_DOCUMENT_CREATED',
  data: { DocumentId: 'd-1', Number: 'FT 2026/17' },
} as RealtimeMessage;
const waiting = (names: { institution?: string; connection?: string } = {}) =>
  ({
    ...envelope,
    type: 'CONNECTION_STATUS_CHANGED',
    data: {
      Status: 'waiting_authentication',
      AuthType: 'qrcode',
      ExtraData: {
        ConnectionName: names.connection ?? 'Conta à ordem',
        InstitutionName: names.institution ?? 'Fluxo Sandbox Bank',
        InstitutionCountry: 'PT',
        InstitutionCode: 'FLUXO_SANDBOX',
        ConnectionId: 'c-1',
        Timeout: 120,
        ExtraData: { QrCode: `data:image/png;base64,${'A'.repeat(5_000)}` },
      },
    },
  }) as RealtimeMessage;

/** What a person reading each language sees, written out rather than read back from the table. */
const EXPECTED: Record<
  Language,
  { unlocked: string; organization: string; document: [string, string]; waiting: [string, string] }
> = {
  gb: {
    unlocked: 'Subscription unlocked',
    organization: 'Organization unlocked',
    document: ['New billing document', 'Document FT 2026/17 was created.'],
    waiting: ['Fluxo Sandbox Bank needs your confirmation', 'Open Fluxo to finish connecting Conta à ordem.'],
  },
  pt: {
    unlocked: 'Subscrição desbloqueada',
    organization: 'Organização desbloqueada',
    document: ['Novo documento de faturação', 'O documento FT 2026/17 foi criado.'],
    waiting: [
      'Fluxo Sandbox Bank precisa da sua confirmação',
      'Abra o Fluxo para concluir a ligação Conta à ordem.',
    ],
  },
  es: {
    unlocked: 'Suscripción desbloqueada',
    organization: 'Organización desbloqueada',
    document: ['Nuevo documento de facturación', 'Se ha creado el documento FT 2026/17.'],
    waiting: [
      'Fluxo Sandbox Bank necesita tu confirmación',
      'Abre Fluxo para terminar de conectar Conta à ordem.',
    ],
  },
  fr: {
    unlocked: 'Abonnement débloqué',
    organization: 'Organisation débloquée',
    document: ['Nouveau document de facturation', 'Le document FT 2026/17 a été créé.'],
    waiting: [
      'Fluxo Sandbox Bank attend votre confirmation',
      'Ouvrez Fluxo pour terminer la connexion Conta à ordem.',
    ],
  },
};
const LOCALES: Record<Language, string> = { gb: 'en-GB', pt: 'pt-PT', es: 'es-ES', fr: 'fr-FR' };

describe.each(LANGUAGES)('push notifications in %s', (language) => {
  const expected = EXPECTED[language];

  it('names each push event in the language, with the message details filled in', () => {
    expect(pushNotification(unlocked, language)).toEqual({
      title: expected.unlocked,
      body: PUSH_TEXTS[language].SUBSCRIPTION_UNLOCKED_BODY,
      url: '/',
      lang: LOCALES[language],
    });
    expect(pushNotification(organizationUnlocked, language).title).toBe(expected.organization);
    const { title, body } = pushNotification(document, language);
    expect([title, body]).toEqual(expected.document);
    const bank = pushNotification(waiting(), language);
    expect([bank.title, bank.body]).toEqual(expected.waiting);
    expect(bank.url).toBe('/treasury/wallets');
  });

  it('leaves no placeholder unfilled when a detail is missing', () => {
    const unnamed = pushNotification(waiting({ institution: ' ', connection: '' }), language);
    expect(unnamed.title).toBe(PUSH_TEXTS[language].CONNECTION_WAITING_TITLE);
    expect(unnamed.body).toBe(PUSH_TEXTS[language].CONNECTION_WAITING_BODY);
    const noNumber = { ...document, data: { DocumentId: 'd-1' } } as RealtimeMessage;
    expect(pushNotification(noNumber, language).body).toBe(
      PUSH_TEXTS[language].BILLING_DOCUMENT_CREATED_BODY,
    );
    for (const shown of [unnamed, pushNotification(noNumber, language)]) {
      expect(`${shown.title} ${shown.body}`).not.toMatch(/[{}]/);
    }
  });
});

describe('the push texts table', () => {
  const keys = Object.keys(PUSH_TEXTS.gb).sort();
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(LANGUAGES)('%s has every key, none empty, with the same placeholders as gb', (language) => {
    const texts = PUSH_TEXTS[language] as Record<string, string | undefined>;
    expect(Object.keys(texts).sort()).toEqual(keys);
    for (const key of keys) {
      const text = texts[key];
      expect(text, `${language} ${key}`).toBeTruthy();
      expect(placeholders(text ?? ''), `${language} ${key}`).toEqual(
        placeholders(PUSH_TEXTS.gb[key as 'DEFAULT_BODY']),
      );
    }
  });

  it('a missing key is caught: the check above fails on a table with a key taken out', () => {
    const { SUBSCRIPTION_UNLOCKED_TITLE: _dropped, ...incomplete } = PUSH_TEXTS.fr;
    expect(() => expect(Object.keys(incomplete).sort()).toEqual(keys)).toThrow();
  });

  it('an unknown language reads English; a non-push event gets the plain notification', () => {
    expect(pushNotification(unlocked, 'xx').title).toBe('Subscription unlocked');
    const menu = { ...envelope, type: 'REFRESH_MENU', data: {} } as RealtimeMessage;
    expect(pushNotification(menu, 'pt')).toMatchObject({ title: 'Fluxo', body: 'Tem uma nova notificação.' });
  });
});

describe('web push payload', () => {
  it('is the envelope without the QR image, with the notification in the language', () => {
    const payload = JSON.parse(pushPayload(waiting(), 'pt'));
    expect(payload).toMatchObject({ messageId: 'm-1', type: 'CONNECTION_STATUS_CHANGED' });
    expect(payload.data.ExtraData.InstitutionName).toBe('Fluxo Sandbox Bank');
    expect(payload.data.ExtraData.ExtraData).toEqual({});
    expect(payload.notification).toEqual({
      title: 'Fluxo Sandbox Bank precisa da sua confirmação',
      body: 'Abra o Fluxo para concluir a ligação Conta à ordem.',
      url: '/treasury/wallets',
      lang: 'pt-PT',
    });
  });

  it('leaves the data out when it is too large for a push, never the notification', () => {
    // Every field at its longest, in two-byte characters.
    const large = waiting({ institution: 'ã'.repeat(200), connection: 'õ'.repeat(200) });
    if (large.type !== 'CONNECTION_STATUS_CHANGED') throw new Error('unexpected type');
    large.data.ExtraData.ExtraData = { Question: 'ç'.repeat(500) };
    const text = pushPayload(large, 'fr');
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    const payload = JSON.parse(text);
    expect(payload).toMatchObject({ messageId: 'm-1', type: 'CONNECTION_STATUS_CHANGED', data: {} });
    expect(payload.notification.title).toBe(`${'ã'.repeat(200)} attend votre confirmation`);
  });
});
