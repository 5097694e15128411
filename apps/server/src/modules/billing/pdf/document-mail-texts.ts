import type { Language } from '@fluxo/domain';

// The message a document travels with, in the document's language.

const TEXTS: Record<Language, { subject: string; body: string }> = {
  gb: {
    subject: '{type} {number} from {organization}',
    body: 'Hello,\n\nPlease find attached {type} {number} of {date}, total {total}.\n{message}\nBest regards,\n{organization}\n',
  },
  pt: {
    subject: '{type} {number} de {organization}',
    body: 'Olá,\n\nSegue em anexo o documento {type} {number} de {date}, no total de {total}.\n{message}\nCom os melhores cumprimentos,\n{organization}\n',
  },
  es: {
    subject: '{type} {number} de {organization}',
    body: 'Hola:\n\nLe adjuntamos el documento {type} {number} del {date}, por un total de {total}.\n{message}\nUn saludo,\n{organization}\n',
  },
  fr: {
    subject: '{type} {number} de {organization}',
    body: 'Bonjour,\n\nVeuillez trouver ci-joint le document {type} {number} du {date}, d’un total de {total}.\n{message}\nCordialement,\n{organization}\n',
  },
};

export function documentMailText(
  language: Language,
  values: {
    type: string;
    number: string;
    date: string;
    total: string;
    organization: string;
    message: string;
  },
): { subject: string; text: string } {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => values[name as keyof typeof values] ?? '');
  const template = TEXTS[language];
  return {
    subject: fill(template.subject).replace(/[\r\n]+/g, ' '),
    text: fill(template.body.replace('{message}\n', values.message ? '\n{message}\n\n' : '\n')),
  };
}
