/** Printed labels of the proof-of-delivery PDF, in the languages of the consignment note. */
import type { NoteLanguage } from '../documents/consignment-note/consignment-note-input.js';

export interface PodLabels {
  title: string;
  shipment: string;
  reference: string;
  consignee: string;
  deliveredAt: string;
  place: string;
  position: string;
  signature: string;
  signedBy: string;
  method: string;
  signedVersion: string;
  remarks: string;
  none: string;
  photos: string;
  /** Beside a time the service recorded: when the phone captured it (the driver's offline queue). */
  captured: string;
  cut: string;
  note: string;
  chain: string;
  /** The legs of the carriage, when successive carriers took the goods over. */
  legs: string;
  takenOver: string;
  phase: Record<'pickup' | 'delivery' | 'takeover', string>;
}

export const POD_LABELS: Record<NoteLanguage, PodLabels> = {
  en: {
    title: 'Proof of delivery', shipment: 'Shipment', reference: 'Reference', consignee: 'Consignee', deliveredAt: 'Delivered', place: 'Place of delivery', position: 'Position at signing',
    signature: "Consignee's signature", signedBy: 'Signed by', method: 'Method and level', signedVersion: 'Signed version', remarks: 'Reservations', none: 'None.', photos: 'Photos', captured: 'captured on the device',
    cut: 'Shortened: the full text is in the consignment note and GET /v1/shipments/{id}/pod.', note: 'Final consignment note', chain: 'Event chain head', legs: 'Legs of the carriage', takenOver: 'Taken over', phase: { pickup: 'at pickup', delivery: 'at delivery', takeover: 'at takeover' },
  },
  nl: {
    title: 'Afleverbewijs', shipment: 'Zending', reference: 'Referentie', consignee: 'Geadresseerde', deliveredAt: 'Afgeleverd', place: 'Plaats van aflevering', position: 'Positie bij ondertekening',
    signature: 'Handtekening van de geadresseerde', signedBy: 'Getekend door', method: 'Methode en niveau', signedVersion: 'Getekende versie', remarks: 'Voorbehouden', none: 'Geen.', photos: "Foto's", captured: 'vastgelegd op het toestel',
    cut: 'Ingekort: de volledige tekst staat in de vrachtbrief en GET /v1/shipments/{id}/pod.', note: 'Definitieve vrachtbrief', chain: 'Kop van de gebeurtenisketen', legs: 'Trajecten van het vervoer', takenOver: 'Overgenomen', phase: { pickup: 'bij inlading', delivery: 'bij aflevering', takeover: 'bij overname' },
  },
  de: {
    title: 'Ablieferungsnachweis', shipment: 'Sendung', reference: 'Referenz', consignee: 'Empfänger', deliveredAt: 'Abgeliefert', place: 'Ort der Ablieferung', position: 'Position bei Unterschrift',
    signature: 'Unterschrift des Empfängers', signedBy: 'Unterschrieben von', method: 'Methode und Stufe', signedVersion: 'Unterschriebene Version', remarks: 'Vorbehalte', none: 'Keine.', photos: 'Fotos', captured: 'auf dem Gerät erfasst',
    cut: 'Gekürzt: der vollständige Text steht im Frachtbrief und in GET /v1/shipments/{id}/pod.', note: 'Endgültiger Frachtbrief', chain: 'Kopf der Ereigniskette', legs: 'Teilstrecken der Beförderung', takenOver: 'Übernommen', phase: { pickup: 'bei Übernahme', delivery: 'bei Ablieferung', takeover: 'bei Übernahme durch nachfolgenden Frachtführer' },
  },
  fr: {
    title: 'Preuve de livraison', shipment: 'Envoi', reference: 'Référence', consignee: 'Destinataire', deliveredAt: 'Livré', place: 'Lieu de livraison', position: 'Position à la signature',
    signature: 'Signature du destinataire', signedBy: 'Signé par', method: 'Méthode et niveau', signedVersion: 'Version signée', remarks: 'Réserves', none: 'Aucune.', photos: 'Photos', captured: "saisi sur l'appareil",
    cut: 'Abrégé : le texte complet figure dans la lettre de voiture et GET /v1/shipments/{id}/pod.', note: 'Lettre de voiture finale', chain: 'Tête de la chaîne d’événements', legs: 'Parcours du transport', takenOver: 'Pris en charge', phase: { pickup: 'à la prise en charge', delivery: 'à la livraison', takeover: 'à la reprise par le transporteur successif' },
  },
};
