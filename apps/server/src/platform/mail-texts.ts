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
  signinGuessing: {
    gb: {
      subject: 'Someone is trying to sign in to your Fluxo account',
      body: 'Hello {name},\n\nIn the last hour there were {failures} failed attempts to sign in to your Fluxo account ({email}) with a wrong password. Sign-ins to it are now slowed down; you can still sign in as usual.\n\nIf it was you, there is nothing to do. If not, someone may be guessing your password: make sure it is long and used nowhere else.\n',
    },
    pt: {
      subject: 'Alguém está a tentar entrar na sua conta Fluxo',
      body: 'Olá {name},\n\nNa última hora houve {failures} tentativas falhadas de entrar na sua conta Fluxo ({email}) com uma palavra-passe errada. As entradas nesta conta estão agora mais lentas; pode continuar a entrar normalmente.\n\nSe foi você, não tem de fazer nada. Caso contrário, alguém pode estar a tentar adivinhar a sua palavra-passe: confirme que é longa e que não a usa noutro lado.\n',
    },
    es: {
      subject: 'Alguien intenta entrar en tu cuenta de Fluxo',
      body: 'Hola {name},\n\nEn la última hora ha habido {failures} intentos fallidos de entrar en tu cuenta de Fluxo ({email}) con una contraseña incorrecta. Los accesos a esta cuenta ahora son más lentos; puedes seguir entrando como siempre.\n\nSi has sido tú, no tienes que hacer nada. Si no, alguien puede estar intentando adivinar tu contraseña: asegúrate de que es larga y de que no la usas en otro sitio.\n',
    },
    fr: {
      subject: "Quelqu'un essaie de se connecter à votre compte Fluxo",
      body: "Bonjour {name},\n\nAu cours de la dernière heure, il y a eu {failures} tentatives de connexion à votre compte Fluxo ({email}) avec un mot de passe erroné. Les connexions à ce compte sont désormais ralenties ; vous pouvez toujours vous connecter normalement.\n\nSi c'était vous, il n'y a rien à faire. Sinon, quelqu'un essaie peut-être de deviner votre mot de passe : vérifiez qu'il est long et que vous ne l'utilisez nulle part ailleurs.\n",
    },
  },
  invitation: {
    gb: {
      subject: '{inviter} invites you to {organization} on Fluxo',
      body: 'Hello,\n\n{inviter} invites you to join {organization} on Fluxo.\n\nOpen this link to accept (it works once and for {days} days):\n{link}\n\nIf you do not expect this invitation, ignore this message.\n',
    },
    pt: {
      subject: '{inviter} convida-o para {organization} no Fluxo',
      body: 'Olá,\n\n{inviter} convida-o a juntar-se a {organization} no Fluxo.\n\nAbra esta ligação para aceitar (funciona uma vez e durante {days} dias):\n{link}\n\nSe não esperava este convite, ignore esta mensagem.\n',
    },
    es: {
      subject: '{inviter} te invita a {organization} en Fluxo',
      body: 'Hola,\n\n{inviter} te invita a unirte a {organization} en Fluxo.\n\nAbre este enlace para aceptar (funciona una vez y durante {days} días):\n{link}\n\nSi no esperabas esta invitación, ignora este mensaje.\n',
    },
    fr: {
      subject: '{inviter} vous invite à rejoindre {organization} sur Fluxo',
      body: "Bonjour,\n\n{inviter} vous invite à rejoindre {organization} sur Fluxo.\n\nOuvrez ce lien pour accepter (il fonctionne une fois et pendant {days} jours) :\n{link}\n\nSi vous n'attendiez pas cette invitation, ignorez ce message.\n",
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
