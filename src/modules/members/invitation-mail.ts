/**
 * The invitation mail, in the organisation's default language (English, Dutch, German, French or
 * Polish; any other language, English). The role is named as the console names it to members.
 */
import type { OutgoingMessage } from '../../ports/notifier.js';
import type { OrganizationLanguage } from '../organizations/organizations.tables.js';
import { INVITATION_TTL_MS } from './members-policy.js';

interface Who {
  inviter: string;
  organization: string;
  role: string;
}

interface MailWords {
  subject: (organization: string) => string;
  invites: (who: Who) => string;
  follow: string;
  once: (days: number) => string;
  ignore: string;
}

const WORDS: Record<OrganizationLanguage, MailWords> = {
  en: {
    subject: (o) => `Invitation to ${o}`,
    invites: (w) => `${w.inviter} invites you to the organisation "${w.organization}" as ${w.role} in the freight document console.`,
    follow: 'Follow this link to accept and sign in:',
    once: (d) => `The link works once, within ${d} days.`,
    ignore: 'If you do not know the sender, ignore this e-mail: nothing happens without the link.',
  },
  nl: {
    subject: (o) => `Uitnodiging voor ${o}`,
    invites: (w) => `${w.inviter} nodigt u uit voor de organisatie "${w.organization}" als ${w.role} in de console voor vrachtdocumenten.`,
    follow: 'Volg deze link om de uitnodiging aan te nemen en u aan te melden:',
    once: (d) => `De link werkt één keer, binnen ${d} dagen.`,
    ignore: 'Kent u de afzender niet, negeer dan deze e-mail: zonder de link gebeurt er niets.',
  },
  de: {
    subject: (o) => `Einladung zu ${o}`,
    invites: (w) => `${w.inviter} lädt Sie in die Organisation „${w.organization}“ als ${w.role} in der Konsole für Frachtdokumente ein.`,
    follow: 'Folgen Sie diesem Link, um die Einladung anzunehmen und sich anzumelden:',
    once: (d) => `Der Link funktioniert einmal, innerhalb von ${d} Tagen.`,
    ignore: 'Wenn Sie den Absender nicht kennen, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
  },
  fr: {
    subject: (o) => `Invitation à ${o}`,
    invites: (w) => `${w.inviter} vous invite dans l’organisation « ${w.organization} » en tant que ${w.role} dans la console des documents de transport.`,
    follow: 'Suivez ce lien pour accepter et vous connecter :',
    once: (d) => `Le lien fonctionne une fois, dans les ${d} jours.`,
    ignore: 'Si vous ne connaissez pas l’expéditeur, ignorez cet e-mail : rien ne se passe sans le lien.',
  },
  pl: {
    subject: (o) => `Zaproszenie do ${o}`,
    invites: (w) => `${w.inviter} zaprasza Cię do organizacji „${w.organization}” w roli: ${w.role} w konsoli dokumentów przewozowych.`,
    follow: 'Otwórz ten link, aby przyjąć zaproszenie i się zalogować:',
    once: (d) => `Link działa jeden raz, przez ${d} dni.`,
    ignore: 'Jeśli nie znasz nadawcy, zignoruj tę wiadomość: bez linku nic się nie stanie.',
  },
};

export function invitationMail(to: string, link: string, who: Who, language: string): OutgoingMessage {
  const w = WORDS[(language in WORDS ? language : 'en') as keyof typeof WORDS];
  const text = [w.invites(who), '', w.follow, link, '', w.once(INVITATION_TTL_MS / 86_400_000), w.ignore].join('\n');
  return { channel: 'email', to, subject: w.subject(who.organization), text };
}
