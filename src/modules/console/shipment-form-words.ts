/** The words of the console's shipment form, in English and Dutch. */
import type { PACKAGE_TYPES } from '../shipments/shipment-input.schema.js';
import type { FieldGroup } from './shipment-form.js';

type Labels = Record<'reference' | 'name' | 'street' | 'postal_code' | 'city' | 'country' | 'email' | 'phone' | 'from' | 'description' | 'quantity' | 'package_type' | 'gross_weight_kg' | 'plate', string>;

interface FormWords {
  newTitle: string;
  editTitle: (reference: string) => string;
  intro: string;
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

export const FORM_WORDS: Record<'en' | 'nl', FormWords> = {
  en: {
    newTitle: 'New shipment',
    editTitle: (reference) => `Edit shipment ${reference}`,
    intro: 'The checks of the API run on what you type: a finding shows beside its field. The shipment is stored as a draft; issue it when it is complete.',
    notDraft: (status) => `This shipment is ${status.replace('_', ' ')}: only a draft is edited here. Its actions are below.`,
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
  },
};
