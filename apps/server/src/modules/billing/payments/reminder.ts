import { isLanguage, type Language, type OpenItem } from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { organizations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { partyOf } from '../parties-products.service.ts';
import { openItems, organizationToday } from './current-account.service.ts';

// The payment reminder: an e-mail to the customer listing what is open, in the customer's language.

const TEXTS: Record<
  Language,
  { subject: string; greeting: string; intro: string; line: string; total: string; closing: string }
> = {
  gb: {
    subject: '{org}: documents awaiting payment',
    greeting: 'Dear {party},',
    intro: 'According to our records, the following documents are still open on {date}:',
    line: '{number} of {date}, due {due}: {open}',
    total: 'Total open: {total}',
    closing:
      'If you have already paid, please disregard this message and accept our thanks.\n\nKind regards,\n{org}',
  },
  pt: {
    subject: '{org}: documentos por liquidar',
    greeting: 'Caro(a) {party},',
    intro: 'De acordo com os nossos registos, os seguintes documentos encontram-se por liquidar em {date}:',
    line: '{number} de {date}, vencimento {due}: {open}',
    total: 'Total em dívida: {total}',
    closing:
      'Se já efetuou o pagamento, agradecemos e pedimos que ignore esta mensagem.\n\nCom os melhores cumprimentos,\n{org}',
  },
  es: {
    subject: '{org}: documentos pendientes de pago',
    greeting: 'Estimado/a {party}:',
    intro: 'Según nuestros registros, los siguientes documentos siguen pendientes a {date}:',
    line: '{number} de {date}, vencimiento {due}: {open}',
    total: 'Total pendiente: {total}',
    closing: 'Si ya ha realizado el pago, le rogamos que ignore este mensaje. Gracias.\n\nUn saludo,\n{org}',
  },
  fr: {
    subject: '{org} : documents en attente de paiement',
    greeting: 'Madame, Monsieur, ({party})',
    intro: 'Selon nos registres, les documents suivants restent à régler au {date} :',
    line: '{number} du {date}, échéance {due} : {open}',
    total: 'Total à régler : {total}',
    closing:
      'Si vous avez déjà effectué le paiement, merci de ne pas tenir compte de ce message.\n\nCordialement,\n{org}',
  },
};

const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  gb: { group: ',', decimal: '.' },
  pt: { group: '\u00a0', decimal: ',' },
  es: { group: '.', decimal: ',' },
  fr: { group: '\u202f', decimal: ',' },
};

/** Cents as text in the language's separators, by string manipulation (never through a float). */
export function formatCents(cents: number, currency: string, language: Language): string {
  const { group, decimal } = SEPARATORS[language];
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const text = `${cents < 0 ? '-' : ''}${whole}${decimal}${digits.slice(-2)}`;
  return language === 'gb' ? `${currency} ${text}` : `${text} ${currency}`;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function reminderText(
  language: string,
  values: { org: string; party: string; date: string; currency: string; message?: string | undefined },
  items: readonly OpenItem[],
) {
  const lang: Language = isLanguage(language) ? language : 'gb';
  const t = TEXTS[lang];
  const total = items.reduce((sum, item) => sum + item.open, 0);
  const lines = items.map((item) =>
    fill(t.line, {
      number: item.number,
      date: item.documentDate,
      due: item.dueDate ?? item.documentDate,
      open: formatCents(item.open, values.currency, lang),
    }),
  );
  const body = [
    fill(t.greeting, values),
    '',
    ...(values.message ? [values.message, ''] : []),
    fill(t.intro, values),
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    fill(t.total, { total: formatCents(total, values.currency, lang) }),
    '',
    fill(t.closing, values),
    '',
  ].join('\n');
  return { subject: fill(t.subject, values), text: body, total };
}

export async function sendReminder(
  db: Db,
  mailer: Mailer,
  organizationId: string,
  partyId: string,
  body: { to?: string | undefined; message?: string | undefined },
): Promise<{ sentTo: string; open: number; items: number }> {
  const party = await partyOf(db, organizationId, partyId);
  const to = body.to ?? party.email;
  if (!to)
    throw new AppError('PARTY_EMAIL_MISSING', 'This customer has no e-mail address: give one.', [
      { path: 'to', messageKey: 'VALIDATION.REQUIRED', message: 'Required' },
    ]);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  const today = await organizationToday(db, organizationId);
  const items = await openItems(db, organizationId, partyId, 'customer', today);
  const owed = items.filter((item) => item.open > 0);
  const mail = reminderText(
    party.language,
    { org: org.name, party: party.name, date: today, currency: org.currency.trim(), message: body.message },
    items,
  );
  if (owed.length === 0 || mail.total <= 0)
    throw new AppError('NOTHING_TO_REMIND', 'This customer owes nothing.');
  await mailer.send({ to, subject: mail.subject, text: mail.text });
  return { sentTo: to, open: mail.total, items: owed.length };
}
