/** The words of the signer's copy (the done page's downloads, the used link's page, its expiry), in every page language. */
import type { MessageLanguage } from '../../signatures/sign-messages.js';

export interface CopyWords {
  heading: string;
  intro: string;
  note: string;
  pod: string;
  fingerprint: string;
  preparing: string;
  failed: string;
  alreadyHeading: string;
  alreadyText: string;
  /** The sender's used link while the goods are on their way: the copy, and below it the instruction form. */
  alreadyTextInstruct: string;
  expiredHeading: string;
  expiredText: string;
}

export const COPY_WORDS: Record<MessageLanguage, CopyWords> = {
  en: {
    heading: 'Your copy',
    intro: 'Download what you signed and keep it. This link keeps your copy until {time}.',
    note: 'Signed consignment note, version {version} (PDF)',
    pod: 'Proof of delivery (PDF)',
    fingerprint: 'Fingerprint (SHA-256) of your signed copy',
    preparing: 'Preparing your copy…',
    failed: 'Your copy could not be prepared just now. Open this link again later to download it.',
    alreadyHeading: 'Already signed',
    alreadyText: '{name} signed this consignment note as {role} on {time}. Nothing more to do here: below is your copy, to read and download.',
    alreadyTextInstruct: '{name} signed this consignment note as {role} on {time}. Below is your copy, to read and download, and the form to instruct the carrier about the goods.',
    expiredHeading: 'This link has expired',
    expiredText: 'It kept the copy of your signature for {days} days after you signed. Ask the sender for the document.',
  },
  nl: {
    heading: 'Uw kopie',
    intro: 'Download wat u hebt ondertekend en bewaar het. Deze link bewaart uw kopie tot {time}.',
    note: 'Ondertekende vrachtbrief, versie {version} (pdf)',
    pod: 'Afleverbewijs (pdf)',
    fingerprint: 'Vingerafdruk (SHA-256) van uw ondertekende kopie',
    preparing: 'Uw kopie wordt klaargezet…',
    failed: 'Uw kopie kon nu niet worden klaargezet. Open deze link later opnieuw om hem te downloaden.',
    alreadyHeading: 'Al ondertekend',
    alreadyText: '{name} heeft deze vrachtbrief op {time} ondertekend als {role}. Hier hoeft niets meer te gebeuren: hieronder staat uw kopie, om te lezen en te downloaden.',
    alreadyTextInstruct: '{name} heeft deze vrachtbrief op {time} ondertekend als {role}. Hieronder staat uw kopie, om te lezen en te downloaden, en het formulier om de vervoerder een opdracht over de goederen te geven.',
    expiredHeading: 'Deze link is verlopen',
    expiredText: 'De kopie van uw handtekening bleef {days} dagen na het ondertekenen beschikbaar. Vraag de afzender om het document.',
  },
  de: {
    heading: 'Ihre Kopie',
    intro: 'Laden Sie herunter, was Sie unterschrieben haben, und bewahren Sie es auf. Dieser Link hält Ihre Kopie bis {time} bereit.',
    note: 'Unterschriebener Frachtbrief, Version {version} (PDF)',
    pod: 'Ablieferungsnachweis (PDF)',
    fingerprint: 'Fingerabdruck (SHA-256) Ihrer unterschriebenen Kopie',
    preparing: 'Ihre Kopie wird vorbereitet…',
    failed: 'Ihre Kopie konnte gerade nicht vorbereitet werden. Öffnen Sie diesen Link später erneut, um sie herunterzuladen.',
    alreadyHeading: 'Bereits unterschrieben',
    alreadyText: '{name} hat diesen Frachtbrief am {time} als {role} unterschrieben. Hier ist nichts mehr zu tun: unten finden Sie Ihre Kopie zum Lesen und Herunterladen.',
    alreadyTextInstruct: '{name} hat diesen Frachtbrief am {time} als {role} unterschrieben. Unten finden Sie Ihre Kopie zum Lesen und Herunterladen und das Formular für eine Weisung an den Frachtführer.',
    expiredHeading: 'Dieser Link ist abgelaufen',
    expiredText: 'Er hielt die Kopie Ihrer Unterschrift {days} Tage nach dem Unterschreiben bereit. Bitten Sie den Absender um das Dokument.',
  },
  fr: {
    heading: 'Votre copie',
    intro: 'Téléchargez ce que vous avez signé et conservez-le. Ce lien garde votre copie jusqu\'au {time}.',
    note: 'Lettre de voiture signée, version {version} (PDF)',
    pod: 'Preuve de livraison (PDF)',
    fingerprint: 'Empreinte (SHA-256) de votre copie signée',
    preparing: 'Préparation de votre copie…',
    failed: 'Votre copie n\'a pas pu être préparée pour le moment. Rouvrez ce lien plus tard pour la télécharger.',
    alreadyHeading: 'Déjà signé',
    alreadyText: '{name} a signé cette lettre de voiture en tant que {role} le {time}. Plus rien à faire ici : voici votre copie, à lire et à télécharger.',
    alreadyTextInstruct: '{name} a signé cette lettre de voiture en tant que {role} le {time}. Voici votre copie, à lire et à télécharger, et le formulaire pour donner une instruction au transporteur sur la marchandise.',
    expiredHeading: 'Ce lien a expiré',
    expiredText: 'Il gardait la copie de votre signature pendant {days} jours après la signature. Demandez le document à l\'expéditeur.',
  },
};
