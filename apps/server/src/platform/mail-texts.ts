import { isLanguage, type Language } from '@fluxo/domain';

type Template = { subject: string; body: string };
type Texts = Record<string, Record<Language, Template>>;

const TEXTS = {
  validationCode: {
    gb: {
      subject: 'Your Fluxo validation code: {code}',
      body: 'Hello {name},\n\nYour Fluxo validation code is {code}.\nIt is valid for {minutes} minutes.\n\nIf you did not sign up for Fluxo, ignore this message.\n',
    },
    pt: {
      subject: 'O seu código de validação Fluxo: {code}',
      body: 'Olá {name},\n\nO seu código de validação Fluxo é {code}.\nÉ válido durante {minutes} minutos.\n\nSe não se registou no Fluxo, ignore esta mensagem.\n',
    },
    es: {
      subject: 'Tu código de validación de Fluxo: {code}',
      body: 'Hola {name},\n\nTu código de validación de Fluxo es {code}.\nEs válido durante {minutes} minutos.\n\nSi no te has registrado en Fluxo, ignora este mensaje.\n',
    },
    fr: {
      subject: 'Votre code de validation Fluxo : {code}',
      body: 'Bonjour {name},\n\nVotre code de validation Fluxo est {code}.\nIl est valable {minutes} minutes.\n\nSi vous ne vous êtes pas inscrit sur Fluxo, ignorez ce message.\n',
    },
  },
} satisfies Texts;

export type MailTemplate = keyof typeof TEXTS;

/** A mail's subject and body in the user's language (gb when unknown), with {placeholders} filled. */
export function mailText(
  language: string,
  template: MailTemplate,
  values: Record<string, string | number>,
): Template {
  const lang: Language = isLanguage(language) ? language : 'gb';
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
  const t = TEXTS[template][lang];
  return { subject: fill(t.subject), body: fill(t.body) };
}
