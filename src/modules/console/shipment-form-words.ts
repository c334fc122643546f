/** The words of the console's shipment form, in the console's languages. */
import type { PACKAGE_TYPES } from '../shipments/shipment-input.schema.js';
import type { ConsoleLanguage } from './console-words.js';
import type { FieldGroup } from './shipment-form.js';

type Labels = Record<'reference' | 'name' | 'street' | 'postal_code' | 'city' | 'country' | 'email' | 'phone' | 'from' | 'description' | 'quantity' | 'package_type' | 'gross_weight_kg' | 'plate', string>;

interface FormWords {
  newTitle: string;
  editTitle: (reference: string) => string;
  intro: string;
  /** `status`: the shipment's status in this language's words. */
  notDraft: (status: string) => string;
  groups: Record<FieldGroup, string>;
  goodsLine: (n: number) => string;
  labels: Labels;
  packageTypes: Record<(typeof PACKAGE_TYPES)[number], string>;
  otherFindings: string;
  create: string;
  save: string;
  notValid: string;
}

export const FORM_WORDS: Record<ConsoleLanguage, FormWords> = {
  en: {
    newTitle: 'New shipment',
    editTitle: (reference) => `Edit shipment ${reference}`,
    intro: 'The checks of the API run on what you type: a finding shows beside its field. The shipment is stored as a draft; issue it when it is complete.',
    notDraft: (status) => `This shipment is ${status.toLowerCase()}: only a draft is edited here. Its actions are below.`,
    groups: { general: 'Shipment', consignor: 'Consignor (sender)', consignee: 'Consignee', carrier: 'Carrier', pickup: 'Pickup', delivery: 'Delivery', goods: 'Goods', vehicle: 'Vehicle', driver: 'Driver' },
    goodsLine: (n) => `Goods, line ${n}`,
    labels: {
      reference: 'Your reference',
      name: 'Name',
      street: 'Street and number',
      postal_code: 'Postal code',
      city: 'City',
      country: 'Country',
      email: 'E-mail',
      phone: 'Phone',
      from: 'Date and time',
      description: 'Description of the goods',
      quantity: 'Number of packages',
      package_type: 'Packing',
      gross_weight_kg: 'Gross weight (kg)',
      plate: 'Licence plate',
    },
    packageTypes: { pallet: 'pallet', box: 'box', carton: 'carton', crate: 'crate', bag: 'bag', drum: 'drum', roll: 'roll', bundle: 'bundle', container: 'container', loose: 'loose', other: 'other' },
    otherFindings: 'Findings about the whole shipment',
    create: 'Create shipment',
    save: 'Save changes',
    notValid: 'The shipment does not pass the checks yet: see the findings beside the fields.',
  },
  nl: {
    newTitle: 'Nieuwe zending',
    editTitle: (reference) => `Zending ${reference} bewerken`,
    intro: 'De controles van de API lopen mee terwijl u typt: een bevinding staat naast haar veld. De zending wordt als concept opgeslagen; geef haar uit wanneer ze compleet is.',
    notDraft: (status) => `Deze zending heeft de status ${status}: alleen een concept wordt hier bewerkt. Haar acties staan hieronder.`,
    groups: { general: 'Zending', consignor: 'Afzender', consignee: 'Geadresseerde', carrier: 'Vervoerder', pickup: 'Ophalen', delivery: 'Afleveren', goods: 'Goederen', vehicle: 'Voertuig', driver: 'Chauffeur' },
    goodsLine: (n) => `Goederen, regel ${n}`,
    labels: {
      reference: 'Uw referentie',
      name: 'Naam',
      street: 'Straat en huisnummer',
      postal_code: 'Postcode',
      city: 'Plaats',
      country: 'Land',
      email: 'E-mail',
      phone: 'Telefoon',
      from: 'Datum en tijd',
      description: 'Omschrijving van de goederen',
      quantity: 'Aantal colli',
      package_type: 'Verpakking',
      gross_weight_kg: 'Brutogewicht (kg)',
      plate: 'Kenteken',
    },
    packageTypes: { pallet: 'pallet', box: 'doos', carton: 'karton', crate: 'krat', bag: 'zak', drum: 'vat', roll: 'rol', bundle: 'bundel', container: 'container', loose: 'los', other: 'anders' },
    otherFindings: 'Bevindingen over de hele zending',
    create: 'Zending maken',
    save: 'Wijzigingen opslaan',
    notValid: 'De zending doorstaat de controles nog niet: zie de bevindingen naast de velden.',
  },  de: {
    newTitle: 'Neue Sendung',
    editTitle: (reference) => `Sendung ${reference} bearbeiten`,
    intro: 'Die Prüfungen der API laufen mit, während Sie tippen: Ein Befund erscheint neben seinem Feld. Die Sendung wird als Entwurf gespeichert; stellen Sie sie aus, wenn sie vollständig ist.',
    notDraft: (status) => `Diese Sendung hat den Status „${status}“: Hier wird nur ein Entwurf bearbeitet. Ihre Aktionen stehen unten.`,
    groups: { general: 'Sendung', consignor: 'Absender', consignee: 'Empfänger', carrier: 'Frachtführer', pickup: 'Abholung', delivery: 'Zustellung', goods: 'Ware', vehicle: 'Fahrzeug', driver: 'Fahrer' },
    goodsLine: (n) => `Ware, Position ${n}`,
    labels: {
      reference: 'Ihre Referenz',
      name: 'Name',
      street: 'Straße und Hausnummer',
      postal_code: 'Postleitzahl',
      city: 'Ort',
      country: 'Land',
      email: 'E-Mail',
      phone: 'Telefon',
      from: 'Datum und Uhrzeit',
      description: 'Bezeichnung der Ware',
      quantity: 'Anzahl der Packstücke',
      package_type: 'Verpackung',
      gross_weight_kg: 'Bruttogewicht (kg)',
      plate: 'Kennzeichen',
    },
    packageTypes: { pallet: 'Palette', box: 'Kiste', carton: 'Karton', crate: 'Lattenkiste', bag: 'Sack', drum: 'Fass', roll: 'Rolle', bundle: 'Bund', container: 'Container', loose: 'lose', other: 'sonstige' },
    otherFindings: 'Befunde zur ganzen Sendung',
    create: 'Sendung anlegen',
    save: 'Änderungen speichern',
    notValid: 'Die Sendung besteht die Prüfungen noch nicht: Die Befunde stehen neben den Feldern.',
  },
  fr: {
    newTitle: 'Nouvel envoi',
    editTitle: (reference) => `Modifier l’envoi ${reference}`,
    intro: 'Les contrôles de l’API s’exécutent pendant la saisie : un constat s’affiche à côté de son champ. L’envoi est enregistré en brouillon ; émettez-le lorsqu’il est complet.',
    notDraft: (status) => `Cet envoi a le statut « ${status} » : seul un brouillon se modifie ici. Ses actions figurent ci-dessous.`,
    groups: { general: 'Envoi', consignor: 'Expéditeur', consignee: 'Destinataire', carrier: 'Transporteur', pickup: 'Enlèvement', delivery: 'Livraison', goods: 'Marchandises', vehicle: 'Véhicule', driver: 'Chauffeur' },
    goodsLine: (n) => `Marchandises, ligne ${n}`,
    labels: {
      reference: 'Votre référence',
      name: 'Nom',
      street: 'Rue et numéro',
      postal_code: 'Code postal',
      city: 'Ville',
      country: 'Pays',
      email: 'E-mail',
      phone: 'Téléphone',
      from: 'Date et heure',
      description: 'Nature de la marchandise',
      quantity: 'Nombre de colis',
      package_type: 'Emballage',
      gross_weight_kg: 'Poids brut (kg)',
      plate: 'Immatriculation',
    },
    packageTypes: { pallet: 'palette', box: 'boîte', carton: 'carton', crate: 'caisse', bag: 'sac', drum: 'fût', roll: 'rouleau', bundle: 'botte', container: 'conteneur', loose: 'en vrac', other: 'autre' },
    otherFindings: 'Constats sur l’ensemble de l’envoi',
    create: 'Créer l’envoi',
    save: 'Enregistrer les modifications',
    notValid: 'L’envoi ne passe pas encore les contrôles : voir les constats à côté des champs.',
  },
  pl: {
    newTitle: 'Nowa przesyłka',
    editTitle: (reference) => `Edycja przesyłki ${reference}`,
    intro: 'Kontrole API działają w trakcie wpisywania: uwaga pojawia się obok swojego pola. Przesyłka jest zapisywana jako szkic; wystaw ją, gdy będzie kompletna.',
    notDraft: (status) => `Ta przesyłka ma status „${status}”: tutaj edytuje się tylko szkic. Jej działania są poniżej.`,
    groups: { general: 'Przesyłka', consignor: 'Nadawca', consignee: 'Odbiorca', carrier: 'Przewoźnik', pickup: 'Załadunek', delivery: 'Rozładunek', goods: 'Towar', vehicle: 'Pojazd', driver: 'Kierowca' },
    goodsLine: (n) => `Towar, pozycja ${n}`,
    labels: {
      reference: 'Twój numer referencyjny',
      name: 'Nazwa',
      street: 'Ulica i numer',
      postal_code: 'Kod pocztowy',
      city: 'Miejscowość',
      country: 'Kraj',
      email: 'E-mail',
      phone: 'Telefon',
      from: 'Data i godzina',
      description: 'Rodzaj towaru',
      quantity: 'Liczba sztuk',
      package_type: 'Opakowanie',
      gross_weight_kg: 'Waga brutto (kg)',
      plate: 'Numer rejestracyjny',
    },
    packageTypes: { pallet: 'paleta', box: 'skrzynka', carton: 'karton', crate: 'skrzynia', bag: 'worek', drum: 'beczka', roll: 'rolka', bundle: 'wiązka', container: 'kontener', loose: 'luzem', other: 'inne' },
    otherFindings: 'Uwagi dotyczące całej przesyłki',
    create: 'Utwórz przesyłkę',
    save: 'Zapisz zmiany',
    notValid: 'Przesyłka nie przechodzi jeszcze kontroli: zobacz uwagi obok pól.',
  },
};
