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
  phase: Record<'pickup' | 'delivery', string>;
}

export const POD_LABELS: Record<NoteLanguage, PodLabels> = {
  en: {
    title: 'Proof of delivery', shipment: 'Shipment', reference: 'Reference', consignee: 'Consignee', deliveredAt: 'Delivered', place: 'Place of delivery', position: 'Position at signing',
    signature: "Consignee's signature", signedBy: 'Signed by', method: 'Method and level', signedVersion: 'Signed version', remarks: 'Reservations', none: 'None.', photos: 'Photos', captured: 'captured on the device',
    cut: 'Shortened: the full text is in the consignment note and GET /v1/shipments/{id}/pod.', note: 'Final consignment note', chain: 'Event chain head', phase: { pickup: 'at pickup', delivery: 'at delivery' },
  },
  nl: {
    title: 'Afleverbewijs', shipment: 'Zending', reference: 'Referentie', consignee: 'Geadresseerde', deliveredAt: 'Afgeleverd', place: 'Plaats van aflevering', position: 'Positie bij ondertekening',
    signature: 'Handtekening van de geadresseerde', signedBy: 'Getekend door', method: 'Methode en niveau', signedVersion: 'Getekende versie', remarks: 'Voorbehouden', none: 'Geen.', photos: "Foto's", captured: 'vastgelegd op het toestel',
    cut: 'Ingekort: de volledige tekst staat in de vrachtbrief en GET /v1/shipments/{id}/pod.', note: 'Definitieve vrachtbrief', chain: 'Kop van de gebeurtenisketen', phase: { pickup: 'bij inlading', delivery: 'bij aflevering' },
  },
  de: {
    title: 'Ablieferungsnachweis', shipment: 'Sendung', reference: 'Referenz', consignee: 'Empfänger', deliveredAt: 'Abgeliefert', place: 'Ort der Ablieferung', position: 'Position bei Unterschrift',
    signature: 'Unterschrift des Empfängers', signedBy: 'Unterschrieben von', method: 'Methode und Stufe', signedVersion: 'Unterschriebene Version', remarks: 'Vorbehalte', none: 'Keine.', photos: 'Fotos', captured: 'auf dem Gerät erfasst',
    cut: 'Gekürzt: der vollständige Text steht im Frachtbrief und in GET /v1/shipments/{id}/pod.', note: 'Endgültiger Frachtbrief', chain: 'Kopf der Ereigniskette', phase: { pickup: 'bei Übernahme', delivery: 'bei Ablieferung' },
  },
  fr: {
    title: 'Preuve de livraison', shipment: 'Envoi', reference: 'Référence', consignee: 'Destinataire', deliveredAt: 'Livré', place: 'Lieu de livraison', position: 'Position à la signature',
    signature: 'Signature du destinataire', signedBy: 'Signé par', method: 'Méthode et niveau', signedVersion: 'Version signée', remarks: 'Réserves', none: 'Aucune.', photos: 'Photos', captured: "saisi sur l'appareil",
    cut: 'Abrégé : le texte complet figure dans la lettre de voiture et GET /v1/shipments/{id}/pod.', note: 'Lettre de voiture finale', chain: 'Tête de la chaîne d’événements', phase: { pickup: 'à la prise en charge', delivery: 'à la livraison' },
  },
};
