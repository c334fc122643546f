/** The message that carries the link to a signer's copy, in the languages sign links are sent in. */
import { localTime } from '../../core/local-time.js';
import { roleWord, type MessageLanguage } from '../signatures/sign-messages.js';

interface Words {
  subject: (reference: string) => string;
  body: (p: { role: string; reference: string; url: string; signed: string; until: string; pod: boolean }) => string;
}

const WORDS: Record<MessageLanguage, Words> = {
  en: {
    subject: (r) => `Your copy of consignment note ${r}`,
    body: (p) => `You signed consignment note ${p.reference} as ${p.role} on ${p.signed}. Your copy of the signed note${p.pod ? ' and the proof of delivery' : ''} can be downloaded until ${p.until}:\n${p.url}`,
  },
  nl: {
    subject: (r) => `Uw kopie van vrachtbrief ${r}`,
    body: (p) => `U hebt vrachtbrief ${p.reference} op ${p.signed} ondertekend als ${p.role}. Uw kopie van de ondertekende vrachtbrief${p.pod ? ' en het afleverbewijs' : ''} kunt u downloaden tot ${p.until}:\n${p.url}`,
  },
  de: {
    subject: (r) => `Ihre Kopie des Frachtbriefs ${r}`,
    body: (p) => `Sie haben den Frachtbrief ${p.reference} am ${p.signed} als ${p.role} unterschrieben. Ihre Kopie des unterschriebenen Frachtbriefs${p.pod ? ' und den Ablieferungsnachweis' : ''} können Sie bis ${p.until} herunterladen:\n${p.url}`,
  },
  fr: {
    subject: (r) => `Votre copie de la lettre de voiture ${r}`,
    body: (p) => `Vous avez signé la lettre de voiture ${p.reference} en tant que ${p.role} le ${p.signed}. Votre copie de la lettre signée${p.pod ? ' et la preuve de livraison' : ''} est téléchargeable jusqu'au ${p.until} :\n${p.url}`,
  },
};

export function signerCopyMessage(language: MessageLanguage, p: { role: string; reference: string; url: string; signedAt: Date; expiresAt: Date; zone: string; pod: boolean }): { subject: string; text: string } {
  const w = WORDS[language];
  return { subject: w.subject(p.reference), text: w.body({ role: roleWord(language, p.role), reference: p.reference, url: p.url, signed: localTime(p.signedAt, p.zone), until: localTime(p.expiresAt, p.zone), pod: p.pod }) };
}
