/**
 * Printed labels of the consignment note in English, Dutch, German and French: the box titles of
 * the CMR form as the official language versions word them, and the few words around them.
 */
import type { NoteLanguage } from './consignment-note-input.js';

export interface NoteLabels {
  title: string;
  subtitle: string;
  boxes: Record<number, string>;
  shipment: string;
  document: string;
  version: string;
  reference: string;
  transportType: string;
  inspection: string;
  page: (n: number, of: number) => string;
  continued: string;
  continuedBelow: string;
  vehicle: string;
  trailer: string;
  adr: string;
  limitedQuantity: string;
  environmentallyHazardous: string;
  tunnel: string;
  total: string;
  carriage: string;
  payer: Record<'consignor' | 'consignee' | 'principal', string>;
  carriagePaid: string;
  carriageForward: string;
  window: string;
  contact: string;
  vat: string;
  eori: string;
  signedBy: string;
  level: string;
  reservationsAtDelivery: string;
  /** Box 17: when and where a successive carrier took the goods over. */
  takenOver: string;
  /** Box 18: the heading over a successive carrier's reservations at its takeover. */
  successiveReservations: string;
  reservationTypes: Record<string, string>;
  none: string;
  packageTypes: Record<string, string>;
  wasteNotification: string;
  combinedTransport: string;
}

const en: NoteLabels = {
  title: 'CMR — Consignment note',
  subtitle: 'International carriage of goods by road (CMR Convention); electronic consignment note (e-CMR Protocol)',
  boxes: {
    1: 'Sender (name, address, country)',
    2: 'Consignee (name, address, country)',
    3: 'Place of delivery of the goods',
    4: 'Place and date of taking over the goods',
    5: 'Documents attached',
    6: 'Marks and Nos',
    7: 'Number of packages',
    8: 'Method of packing',
    9: 'Nature of the goods',
    10: 'Statistical number',
    11: 'Gross weight in kg',
    12: 'Volume in m³',
    13: "Sender's instructions",
    14: 'Instructions as to payment for carriage',
    15: 'Cash on delivery',
    16: 'Carrier (name, address, country)',
    17: 'Successive carriers',
    18: "Carrier's reservations and observations",
    19: 'Special agreements',
    20: 'To be paid by',
    21: 'Established in / on',
    22: 'Signature and stamp of the sender',
    23: 'Signature and stamp of the carrier',
    24: 'Goods received — signature and stamp of the consignee',
  },
  shipment: 'Shipment',
  document: 'Document',
  version: 'Version',
  reference: 'Reference',
  transportType: 'Transport',
  inspection: 'Inspection',
  page: (n, of) => `Page ${n} of ${of}`,
  continued: 'continued',
  continuedBelow: 'continued on the following page(s)',
  vehicle: 'Vehicle',
  trailer: 'Trailer',
  adr: 'ADR',
  limitedQuantity: 'limited quantity',
  environmentallyHazardous: 'environmentally hazardous',
  tunnel: 'tunnel code',
  total: 'Total',
  carriage: 'Carriage charges',
  payer: { consignor: 'Sender', consignee: 'Consignee', principal: 'Principal' },
  carriagePaid: 'Carriage paid',
  carriageForward: 'Carriage forward',
  window: 'window',
  contact: 'Contact',
  vat: 'VAT',
  eori: 'EORI',
  signedBy: 'Signed by',
  level: 'level',
  reservationsAtDelivery: "Consignee's reservations",
  takenOver: 'Taken over',
  successiveReservations: 'Reservations of successive carrier',
  reservationTypes: { damage: 'Damage', shortage: 'Shortage', delay: 'Delay', other: 'Other', missing_signature: 'Signature missing' },
  none: '—',
  packageTypes: { pallet: 'pallet', box: 'box', carton: 'carton', crate: 'crate', bag: 'bag', drum: 'drum', roll: 'roll', bundle: 'bundle', container: 'container', loose: 'loose', other: 'other' },
  wasteNotification: 'Waste notification no.',
  combinedTransport: 'Combined transport, road leg',
};

const nl: NoteLabels = {
  title: 'CMR — Vrachtbrief',
  subtitle: 'Internationaal vervoer van goederen over de weg (CMR-verdrag); elektronische vrachtbrief (e-CMR-protocol)',
  boxes: {
    1: 'Afzender (naam, adres, land)',
    2: 'Geadresseerde (naam, adres, land)',
    3: 'Plaats bestemd voor de aflevering der goederen',
    4: 'Plaats en datum van inontvangstneming der goederen',
    5: 'Bijgevoegde documenten',
    6: 'Merken en nummers',
    7: 'Aantal colli',
    8: 'Wijze van verpakking',
    9: 'Aard der goederen',
    10: 'Statistieknummer',
    11: 'Brutogewicht in kg',
    12: 'Volume in m³',
    13: 'Instructies van de afzender',
    14: 'Voorschriften omtrent frankering',
    15: 'Rembours',
    16: 'Vervoerder (naam, adres, land)',
    17: 'Opvolgende vervoerders',
    18: 'Voorbehoud en opmerkingen van de vervoerder',
    19: 'Speciale overeenkomsten',
    20: 'Te betalen door',
    21: 'Opgemaakt te / op',
    22: 'Handtekening en stempel van de afzender',
    23: 'Handtekening en stempel van de vervoerder',
    24: 'Goederen ontvangen — handtekening en stempel van de geadresseerde',
  },
  shipment: 'Zending',
  document: 'Document',
  version: 'Versie',
  reference: 'Referentie',
  transportType: 'Vervoer',
  inspection: 'Inspectie',
  page: (n, of) => `Pagina ${n} van ${of}`,
  continued: 'vervolg',
  continuedBelow: 'vervolg op de volgende pagina(’s)',
  vehicle: 'Voertuig',
  trailer: 'Aanhanger',
  adr: 'ADR',
  limitedQuantity: 'beperkte hoeveelheid',
  environmentallyHazardous: 'milieugevaarlijk',
  tunnel: 'tunnelcode',
  total: 'Totaal',
  carriage: 'Vrachtkosten',
  payer: { consignor: 'Afzender', consignee: 'Geadresseerde', principal: 'Opdrachtgever' },
  carriagePaid: 'Franco',
  carriageForward: 'Niet franco',
  window: 'tijdvak',
  contact: 'Contact',
  vat: 'Btw',
  eori: 'EORI',
  signedBy: 'Getekend door',
  level: 'niveau',
  reservationsAtDelivery: 'Voorbehoud van de geadresseerde',
  takenOver: 'Overgenomen',
  successiveReservations: 'Voorbehoud van opvolgende vervoerder',
  reservationTypes: { damage: 'Schade', shortage: 'Manco', delay: 'Vertraging', other: 'Overig', missing_signature: 'Handtekening ontbreekt' },
  none: '—',
  packageTypes: { pallet: 'pallet', box: 'doos', carton: 'karton', crate: 'krat', bag: 'zak', drum: 'vat', roll: 'rol', bundle: 'bundel', container: 'container', loose: 'los', other: 'overig' },
  wasteNotification: 'Kennisgevingsnr. afvalstoffen',
  combinedTransport: 'Gecombineerd vervoer, wegtraject',
};

const de: NoteLabels = {
  title: 'CMR — Frachtbrief',
  subtitle: 'Internationale Beförderung von Gütern auf der Straße (CMR-Übereinkommen); elektronischer Frachtbrief (e-CMR-Protokoll)',
  boxes: {
    1: 'Absender (Name, Anschrift, Land)',
    2: 'Empfänger (Name, Anschrift, Land)',
    3: 'Auslieferungsort des Gutes',
    4: 'Ort und Tag der Übernahme des Gutes',
    5: 'Beigefügte Dokumente',
    6: 'Kennzeichen und Nummern',
    7: 'Anzahl der Packstücke',
    8: 'Art der Verpackung',
    9: 'Bezeichnung des Gutes',
    10: 'Statistiknummer',
    11: 'Bruttogewicht in kg',
    12: 'Umfang in m³',
    13: 'Anweisungen des Absenders',
    14: 'Frankaturvorschriften',
    15: 'Rückerstattung (Nachnahme)',
    16: 'Frachtführer (Name, Anschrift, Land)',
    17: 'Nachfolgende Frachtführer',
    18: 'Vorbehalte und Bemerkungen der Frachtführer',
    19: 'Besondere Vereinbarungen',
    20: 'Zu zahlen vom',
    21: 'Ausgefertigt in / am',
    22: 'Unterschrift und Stempel des Absenders',
    23: 'Unterschrift und Stempel des Frachtführers',
    24: 'Gut empfangen — Unterschrift und Stempel des Empfängers',
  },
  shipment: 'Sendung',
  document: 'Dokument',
  version: 'Version',
  reference: 'Referenz',
  transportType: 'Beförderung',
  inspection: 'Kontrolle',
  page: (n, of) => `Seite ${n} von ${of}`,
  continued: 'Fortsetzung',
  continuedBelow: 'Fortsetzung auf der/den folgenden Seite(n)',
  vehicle: 'Fahrzeug',
  trailer: 'Anhänger',
  adr: 'ADR',
  limitedQuantity: 'begrenzte Menge',
  environmentallyHazardous: 'umweltgefährdend',
  tunnel: 'Tunnelcode',
  total: 'Summe',
  carriage: 'Fracht',
  payer: { consignor: 'Absender', consignee: 'Empfänger', principal: 'Auftraggeber' },
  carriagePaid: 'Frei',
  carriageForward: 'Unfrei',
  window: 'Zeitfenster',
  contact: 'Kontakt',
  vat: 'USt-IdNr.',
  eori: 'EORI',
  signedBy: 'Unterzeichnet von',
  level: 'Stufe',
  reservationsAtDelivery: 'Vorbehalte des Empfängers',
  takenOver: 'Übernommen',
  successiveReservations: 'Vorbehalte des nachfolgenden Frachtführers',
  reservationTypes: { damage: 'Beschädigung', shortage: 'Fehlmenge', delay: 'Verspätung', other: 'Sonstiges', missing_signature: 'Unterschrift fehlt' },
  none: '—',
  packageTypes: { pallet: 'Palette', box: 'Kiste', carton: 'Karton', crate: 'Lattenkiste', bag: 'Sack', drum: 'Fass', roll: 'Rolle', bundle: 'Bund', container: 'Container', loose: 'lose', other: 'sonstige' },
  wasteNotification: 'Notifizierungsnr. Abfall',
  combinedTransport: 'Kombinierter Verkehr, Straßenabschnitt',
};

const fr: NoteLabels = {
  title: 'CMR — Lettre de voiture',
  subtitle: 'Transport international de marchandises par route (Convention CMR) ; lettre de voiture électronique (Protocole e-CMR)',
  boxes: {
    1: 'Expéditeur (nom, adresse, pays)',
    2: 'Destinataire (nom, adresse, pays)',
    3: 'Lieu prévu pour la livraison de la marchandise',
    4: 'Lieu et date de la prise en charge de la marchandise',
    5: 'Documents annexés',
    6: 'Marques et numéros',
    7: 'Nombre des colis',
    8: "Mode d'emballage",
    9: 'Nature de la marchandise',
    10: 'No statistique',
    11: 'Poids brut en kg',
    12: 'Cubage en m³',
    13: "Instructions de l'expéditeur",
    14: "Prescriptions d'affranchissement",
    15: 'Remboursement',
    16: 'Transporteur (nom, adresse, pays)',
    17: 'Transporteurs successifs',
    18: 'Réserves et observations du transporteur',
    19: 'Conventions particulières',
    20: 'À payer par',
    21: 'Établie à / le',
    22: "Signature et timbre de l'expéditeur",
    23: 'Signature et timbre du transporteur',
    24: 'Marchandises reçues — signature et timbre du destinataire',
  },
  shipment: 'Envoi',
  document: 'Document',
  version: 'Version',
  reference: 'Référence',
  transportType: 'Transport',
  inspection: 'Contrôle',
  page: (n, of) => `Page ${n} sur ${of}`,
  continued: 'suite',
  continuedBelow: 'suite à la/aux page(s) suivante(s)',
  vehicle: 'Véhicule',
  trailer: 'Remorque',
  adr: 'ADR',
  limitedQuantity: 'quantité limitée',
  environmentallyHazardous: "dangereux pour l'environnement",
  tunnel: 'code tunnel',
  total: 'Total',
  carriage: 'Prix de transport',
  payer: { consignor: 'Expéditeur', consignee: 'Destinataire', principal: "Donneur d'ordre" },
  carriagePaid: 'Franco',
  carriageForward: 'Non franco',
  window: 'créneau',
  contact: 'Contact',
  vat: 'TVA',
  eori: 'EORI',
  signedBy: 'Signé par',
  level: 'niveau',
  reservationsAtDelivery: 'Réserves du destinataire',
  takenOver: 'Pris en charge',
  successiveReservations: 'Réserves du transporteur successif',
  reservationTypes: { damage: 'Avarie', shortage: 'Manquant', delay: 'Retard', other: 'Autre', missing_signature: 'Signature manquante' },
  none: '—',
  packageTypes: { pallet: 'palette', box: 'boîte', carton: 'carton', crate: 'caisse', bag: 'sac', drum: 'fût', roll: 'rouleau', bundle: 'botte', container: 'conteneur', loose: 'vrac', other: 'autre' },
  wasteNotification: 'No de notification déchets',
  combinedTransport: 'Transport combiné, trajet routier',
};

export const NOTE_LABELS: Record<NoteLanguage, NoteLabels> = { en, nl, de, fr };
