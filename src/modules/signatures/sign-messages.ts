/** The message that carries a sign link, in English, Dutch, German or French. */
export type MessageLanguage = 'en' | 'nl' | 'de' | 'fr';
export const MESSAGE_LANGUAGES: readonly MessageLanguage[] = ['en', 'nl', 'de', 'fr'];

interface Words {
  subject: (reference: string) => string;
  body: (p: { role: string; reference: string; url: string; expires: string }) => string;
  roles: Record<string, string>;
}

const WORDS: Record<MessageLanguage, Words> = {
  en: {
    subject: (r) => `Please sign consignment note ${r}`,
    body: (p) => `You are asked to sign consignment note ${p.reference} as ${p.role}. Open this link to read and sign it (valid until ${p.expires}):\n${p.url}`,
    roles: { consignor: 'sender', carrier: 'carrier', consignee: 'consignee', successive_carrier: 'successive carrier' },
  },
  nl: {
    subject: (r) => `Graag vrachtbrief ${r} ondertekenen`,
    body: (p) => `U wordt gevraagd vrachtbrief ${p.reference} te ondertekenen als ${p.role}. Open deze link om hem te lezen en te tekenen (geldig tot ${p.expires}):\n${p.url}`,
    roles: { consignor: 'afzender', carrier: 'vervoerder', consignee: 'geadresseerde', successive_carrier: 'opvolgende vervoerder' },
  },
  de: {
    subject: (r) => `Bitte Frachtbrief ${r} unterschreiben`,
    body: (p) => `Sie werden gebeten, den Frachtbrief ${p.reference} als ${p.role} zu unterschreiben. Öffnen Sie diesen Link, um ihn zu lesen und zu unterschreiben (gültig bis ${p.expires}):\n${p.url}`,
    roles: { consignor: 'Absender', carrier: 'Frachtführer', consignee: 'Empfänger', successive_carrier: 'nachfolgender Frachtführer' },
  },
  fr: {
    subject: (r) => `Merci de signer la lettre de voiture ${r}`,
    body: (p) => `Vous êtes invité à signer la lettre de voiture ${p.reference} en tant que ${p.role}. Ouvrez ce lien pour la lire et la signer (valable jusqu'au ${p.expires}) :\n${p.url}`,
    roles: { consignor: 'expéditeur', carrier: 'transporteur', consignee: 'destinataire', successive_carrier: 'transporteur successif' },
  },
};

/** How the message names a role, in its language (`successive carrier`, `opvolgende vervoerder`). */
export function roleWord(language: MessageLanguage, role: string): string {
  return WORDS[language].roles[role] ?? role;
}

export function signLinkMessage(language: MessageLanguage, p: { role: string; reference: string; url: string; expiresAt: Date }): { subject: string; text: string } {
  const w = WORDS[language];
  const expires = `${p.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { subject: w.subject(p.reference), text: w.body({ role: roleWord(language, p.role), reference: p.reference, url: p.url, expires }) };
}
