/**
 * Rules on the kind of carriage (./transport-type.ts derives it): a `transport_type` the client
 * sends must agree with the lane; cabotage is legal only within Regulation (EC) No 1072/2009 art. 8,
 * which this service cannot check, so it is a warning; and an international lane touching a state
 * not party to the e-CMR protocol (./ecmr-ratification.ts) needs a paper consignment note too, also
 * a warning, since the carriage itself is lawful.
 */
import { TRANSPORT_TYPES, type TransportType } from '../shipment-input.schema.js';
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { countryOf, field, stringAt } from './draft-reader.js';
import { ECMR_RATIFICATION_AS_OF, isEcmrParty } from './ecmr-ratification.js';

const COUNTRY = /^[A-Z]{2}$/;

function sentTransportType(draft: unknown): TransportType | undefined {
  const sent = stringAt(draft, 'transport_type');
  return TRANSPORT_TYPES.find((type) => type === sent);
}

/** A country code the schema accepts; anything else is the schema's to report. */
function validCountry(partyOrStop: unknown): string | undefined {
  const country = countryOf(partyOrStop);
  return country !== undefined && COUNTRY.test(country) ? country : undefined;
}

const quoted = (value: unknown) => `'${String(value)}'`;

export const TRANSPORT_TYPE_RULES: readonly Rule[] = [
  defineRule({
    code: 'transport_type_mismatch',
    rule: 'transport_type.derivation',
    source: 'Service rule: transport_type agrees with the lane (CMR art. 1(1); Regulation (EC) No 1072/2009 art. 2(6))',
    severity: 'error',
    messages: {
      en: (p) =>
        `The transport type was sent as ${quoted(p.sent)}, but the places of taking over and delivery and the carrier make it ${quoted(p.derived)}; send ${quoted(p.derived)} or leave transport_type out.`,
      nl: (p) =>
        `Het vervoerstype is opgegeven als ${quoted(p.sent)}, maar de plaatsen van inontvangstneming en aflevering en de vervoerder maken het ${quoted(p.derived)}; geef ${quoted(p.derived)} op of laat transport_type weg.`,
      de: (p) =>
        `Die Beförderungsart wurde als ${quoted(p.sent)} gesendet, aber die Orte der Übernahme und der Ablieferung und der Frachtführer ergeben ${quoted(p.derived)}; senden Sie ${quoted(p.derived)} oder lassen Sie transport_type weg.`,
      fr: (p) =>
        `Le type de transport a été envoyé comme ${quoted(p.sent)}, mais les lieux de prise en charge et de livraison et le transporteur en font ${quoted(p.derived)} ; envoyez ${quoted(p.derived)} ou omettez transport_type.`,
    },
    example: { sent: 'national', derived: 'international' },
    check: (draft, { derivedTransportType: derived }) => {
      const sent = sentTransportType(draft);
      return sent !== undefined && derived !== undefined && sent !== derived ? [{ path: '$.transport_type', params: { sent, derived } }] : [];
    },
  }),
  defineRule({
    code: 'cabotage_operation',
    rule: 'transport_type.cabotage',
    source: 'Regulation (EC) No 1072/2009 art. 8',
    severity: 'warning',
    messages: {
      en: (p) =>
        `This is cabotage: a carrier established in ${String(p.carrier_country)} carries goods within ${String(p.country)}. Regulation (EC) No 1072/2009 article 8 allows it only after an international carriage into ${String(p.country)}, with at most three cabotage operations within seven days.`,
      nl: (p) =>
        `Dit is cabotage: een vervoerder gevestigd in ${String(p.carrier_country)} vervoert goederen binnen ${String(p.country)}. Verordening (EG) nr. 1072/2009 artikel 8 staat dit alleen toe na een internationaal vervoer naar ${String(p.country)}, met ten hoogste drie cabotageritten binnen zeven dagen.`,
      de: (p) =>
        `Dies ist Kabotage: Ein in ${String(p.carrier_country)} niedergelassener Frachtführer befördert Güter innerhalb von ${String(p.country)}. Verordnung (EG) Nr. 1072/2009 Artikel 8 erlaubt dies nur im Anschluss an eine grenzüberschreitende Beförderung nach ${String(p.country)}, mit höchstens drei Kabotagebeförderungen innerhalb von sieben Tagen.`,
      fr: (p) =>
        `Il s'agit de cabotage : un transporteur établi dans le pays ${String(p.carrier_country)} transporte des marchandises à l'intérieur du pays ${String(p.country)}. Le règlement (CE) n° 1072/2009, article 8, ne l'autorise qu'à la suite d'un transport international à destination du pays ${String(p.country)}, avec au plus trois transports de cabotage dans un délai de sept jours.`,
    },
    example: { country: 'NL', carrier_country: 'PL' },
    check: (draft, { derivedTransportType }) =>
      derivedTransportType === 'cabotage'
        ? [{ path: '$.transport_type', params: { country: countryOf(field(draft, 'pickup')), carrier_country: countryOf(field(draft, 'carrier')) } }]
        : [],
  }),
  defineRule({
    code: 'ecmr_not_ratified',
    rule: 'ecmr.protocol_party',
    source: `Additional Protocol to the CMR concerning the Electronic Consignment Note (Geneva, 2008), parties as of ${ECMR_RATIFICATION_AS_OF}`,
    severity: 'warning',
    messages: {
      en: (p) =>
        `${String(p.country)} is not a party to the e-CMR protocol (Additional Protocol to the CMR, Geneva 2008): a paper CMR consignment note must still accompany the goods.`,
      nl: (p) =>
        `${String(p.country)} is geen partij bij het e-CMR-protocol (Aanvullend Protocol bij het CMR-verdrag, Genève 2008): een papieren CMR-vrachtbrief moet de goederen nog steeds vergezellen.`,
      de: (p) =>
        `${String(p.country)} ist nicht Vertragspartei des e-CMR-Protokolls (Zusatzprotokoll zum CMR über den elektronischen Frachtbrief, Genf 2008): Ein CMR-Frachtbrief auf Papier muss das Gut weiterhin begleiten.`,
      fr: (p) =>
        `${String(p.country)} n'est pas partie au protocole e-CMR (Protocole additionnel à la CMR concernant la lettre de voiture électronique, Genève 2008) : une lettre de voiture CMR papier doit encore accompagner la marchandise.`,
    },
    example: { country: 'BE' },
    // Only an international lane needs the protocol: a carriage within one country (also cabotage)
    // is outside the CMR's scope (art. 1(1)). A combined road leg crossing a border is checked alike.
    check: (draft) => {
      const stops = (['pickup', 'delivery'] as const).map((stop) => ({ stop, country: validCountry(field(draft, stop)) }));
      const [from, to] = stops.map((s) => s.country);
      if (from === undefined || to === undefined || from === to) return [];
      return stops.flatMap(({ stop, country }): RuleHit[] =>
        country !== undefined && !isEcmrParty(country) ? [{ path: `$.${stop}.address.country`, params: { country } }] : [],
      );
    },
  }),
];
