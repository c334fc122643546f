/**
 * The sign-in mail, in the language of the page that asked for it (the console's sign-in form sends
 * its own; a call without one gets English). The link already carries `?lang=`, so the page it opens
 * speaks the same language as the mail.
 */
import type { OutgoingMessage } from '../../ports/notifier.js';
import type { ConsoleLanguage } from '../console/console-words.js';
import { MAGIC_LINK_TTL_MS } from './console-auth-policy.js';

interface MailWords {
  subject: string;
  intro: (site: string) => string;
  once: (minutes: number) => string;
  ignore: string;
}

const WORDS: Record<ConsoleLanguage, MailWords> = {
  en: {
    subject: 'Your sign-in link',
    intro: (site) => `Sign in to the console of ${site}:`,
    once: (m) => `The link works once, within ${m} minutes.`,
    ignore: 'If you did not ask to sign in, ignore this e-mail: nothing happens without the link.',
  },
  nl: {
    subject: 'Uw aanmeldlink',
    intro: (site) => `Meld u aan bij de console van ${site}:`,
    once: (m) => `De link werkt één keer, binnen ${m} minuten.`,
    ignore: 'Hebt u niet gevraagd om u aan te melden, negeer dan deze e-mail: zonder de link gebeurt er niets.',
  },
  de: {
    subject: 'Ihr Anmeldelink',
    intro: (site) => `Melden Sie sich an der Konsole von ${site} an:`,
    once: (m) => `Der Link funktioniert einmal, innerhalb von ${m} Minuten.`,
    ignore: 'Wenn Sie keine Anmeldung angefordert haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
  },
  fr: {
    subject: 'Votre lien de connexion',
    intro: (site) => `Connectez-vous à la console de ${site} :`,
    once: (m) => `Le lien fonctionne une fois, dans les ${m} minutes.`,
    ignore: 'Si vous n’avez pas demandé à vous connecter, ignorez cet e-mail : rien ne se passe sans le lien.',
  },
  pl: {
    subject: 'Twój link do logowania',
    intro: (site) => `Zaloguj się do konsoli ${site}:`,
    once: (m) => `Link działa jeden raz, w ciągu ${m} minut.`,
    ignore: 'Jeśli nie prosiłeś o logowanie, zignoruj tę wiadomość: bez linku nic się nie stanie.',
  },
};

export function magicLinkMail(to: string, link: string, publicBaseUrl: string, language: ConsoleLanguage = 'en'): OutgoingMessage {
  const w = WORDS[language];
  const text = [w.intro(publicBaseUrl), '', link, '', w.once(MAGIC_LINK_TTL_MS / 60000), w.ignore].join('\n');
  return { channel: 'email', to, subject: w.subject, text };
}
