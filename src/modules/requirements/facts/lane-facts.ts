/**
 * The facts a lane's requirements are made of (GET /v1/requirements, docs/requirements.md): per
 * code, its source, the days it is valid from and to (inclusive; null: open), and its message in
 * English and Dutch, rendered from params. A message template picks its wording by
 * `params.situation`, so one code can say "applies" and "does not apply, and why". Reviewed like
 * code: ./lane-facts.test.ts fails when a fact has no source, names the wrong instrument, has
 * dates that are not days or run backwards, or a situation without a message.
 */
import type { MessageTemplate } from '../../../core/findings.js';
import { ECMR_PROTOCOL_IN_FORCE } from './ecmr-parties.js';
import { SOURCES, type FactSource } from './sources.js';

export const FACT_CODES = [
  'domestic_carriage',
  'ecmr_protocol_party',
  'paper_cmr_required',
  'benelux_ecmr_pilot',
  'cabotage_allowance',
  'adr_documents',
  'combined_transport',
  'efti_acceptance',
] as const;
export type FactCode = (typeof FACT_CODES)[number];

/** The languages facts are written in; a request in another language gets English. */
export type FactLanguage = 'en' | 'nl';

export interface FactDefinition {
  source: FactSource;
  valid_from: string | null;
  valid_to: string | null;
  /** The situations the message distinguishes, each with params that render it (the test renders them all). */
  examples: Record<string, Record<string, unknown>>;
  messages: Record<FactLanguage, MessageTemplate>;
}

/** Cabotage limits of Regulation (EC) No 1072/2009 art. 8(2) and (2a). */
export const CABOTAGE = { operations: 3, days: 7, cooling_off_days: 4 } as const;

/** The Benelux pilot: e-CMRs usable from 1 March 2018, extended until 9 July 2027. */
export const BENELUX_PILOT = { valid_from: '2018-03-01', valid_to: '2027-07-09' } as const;

/** The day from which authorities in the EU must accept eFTI. */
export const EFTI_ACCEPTANCE_FROM = '2027-07-09';

const s = (value: unknown) => String(value);

/** One message per situation; an unknown situation is a bug of the caller, so it throws. */
function bySituation(texts: Record<string, (p: Record<string, unknown>) => string>): MessageTemplate {
  return (p) => {
    const text = texts[s(p.situation)];
    if (!text) throw new Error(`no message for situation ${s(p.situation)}`);
    return text(p);
  };
}

export const FACTS: Record<FactCode, FactDefinition> = {
  domestic_carriage: {
    source: SOURCES.cmrScope,
    valid_from: null,
    valid_to: null,
    examples: { domestic: { situation: 'domestic', country: 'NL' } },
    messages: {
      en: bySituation({
        domestic: (p) =>
          `Carriage within ${s(p.country)}: the CMR and its e-CMR protocol do not apply (CMR art. 1(1) needs the places of taking over and delivery in two different countries); national law governs the consignment note.`,
      }),
      nl: bySituation({
        domestic: (p) =>
          `Vervoer binnen ${s(p.country)}: het CMR-verdrag en het e-CMR-protocol zijn niet van toepassing (CMR art. 1(1) vraagt plaatsen van inontvangstneming en aflevering in twee verschillende landen); het nationale recht regelt de vrachtbrief.`,
      }),
    },
  },
  ecmr_protocol_party: {
    source: SOURCES.ecmrProtocol,
    valid_from: ECMR_PROTOCOL_IN_FORCE,
    valid_to: null,
    examples: {
      party: { situation: 'party', country: 'NL', since: '2011-06-05' },
      pending: { situation: 'pending', country: 'AT', deposited: '2024-08-06', since: '2024-11-04', date: '2024-09-01' },
      not_party: { situation: 'not_party', country: 'BE', as_of: '2024-11-04' },
    },
    messages: {
      en: bySituation({
        party: (p) =>
          `${s(p.country)} is party to the e-CMR protocol (Additional Protocol to the CMR, Geneva 2008) since ${s(p.since)}: an electronic consignment note made under it has the standing of the paper CMR note there.`,
        pending: (p) =>
          `${s(p.country)} deposited its instrument on ${s(p.deposited)}; the e-CMR protocol enters into force for it on ${s(p.since)}, after ${s(p.date)}.`,
        not_party: (p) =>
          `${s(p.country)} is not party to the e-CMR protocol (Additional Protocol to the CMR, Geneva 2008) according to the depositary's list as checked on ${s(p.as_of)}.`,
      }),
      nl: bySituation({
        party: (p) =>
          `${s(p.country)} is sinds ${s(p.since)} partij bij het e-CMR-protocol (Aanvullend Protocol bij het CMR-verdrag, Genève 2008): een elektronische vrachtbrief volgens dat protocol heeft er dezelfde waarde als de papieren CMR-vrachtbrief.`,
        pending: (p) =>
          `${s(p.country)} heeft zijn akte op ${s(p.deposited)} neergelegd; het e-CMR-protocol treedt voor dat land in werking op ${s(p.since)}, na ${s(p.date)}.`,
        not_party: (p) =>
          `${s(p.country)} is geen partij bij het e-CMR-protocol (Aanvullend Protocol bij het CMR-verdrag, Genève 2008) volgens de lijst van de depositaris, gecontroleerd op ${s(p.as_of)}.`,
      }),
    },
  },
  paper_cmr_required: {
    source: SOURCES.ecmrPaperNote,
    valid_from: null,
    valid_to: null,
    examples: {
      required: { situation: 'required', country: 'IE', date: '2026-11-28' },
      protocol: { situation: 'protocol', country: 'DE' },
      pilot: { situation: 'pilot', country: 'BE', date: '2026-11-28' },
    },
    messages: {
      en: bySituation({
        required: (p) =>
          `On ${s(p.date)} the e-CMR protocol is not in force for ${s(p.country)}: a paper CMR consignment note must still accompany the goods on this lane.`,
        protocol: (p) => `${s(p.country)} does not call for a paper CMR note on this lane: the e-CMR protocol is in force for it.`,
        pilot: (p) => `${s(p.country)} does not call for a paper CMR note on this lane: the Benelux e-CMR pilot covers the carriage on ${s(p.date)}.`,
      }),
      nl: bySituation({
        required: (p) =>
          `Op ${s(p.date)} is het e-CMR-protocol voor ${s(p.country)} niet van kracht: op dit traject moet een papieren CMR-vrachtbrief de goederen nog steeds vergezellen.`,
        protocol: (p) => `${s(p.country)} vraagt op dit traject geen papieren CMR-vrachtbrief: het e-CMR-protocol is er van kracht.`,
        pilot: (p) => `${s(p.country)} vraagt op dit traject geen papieren CMR-vrachtbrief: de Benelux-proef met de e-CMR dekt het vervoer op ${s(p.date)}.`,
      }),
    },
  },
  benelux_ecmr_pilot: {
    source: SOURCES.beneluxPilot,
    valid_from: BENELUX_PILOT.valid_from,
    valid_to: BENELUX_PILOT.valid_to,
    examples: {
      covered: { situation: 'covered', country: 'BE', valid_to: BENELUX_PILOT.valid_to },
      ended: { situation: 'ended', country: 'BE', valid_to: BENELUX_PILOT.valid_to },
      not_yet: { situation: 'not_yet', country: 'BE', valid_from: BENELUX_PILOT.valid_from },
      outside: { situation: 'outside', country: 'NL' },
    },
    messages: {
      en: bySituation({
        covered: (p) =>
          `The Benelux e-CMR pilot covers this carriage in ${s(p.country)} (between Belgium, the Netherlands and Luxembourg, national carriage and cabotage there included) until ${s(p.valid_to)}, with an e-CMR of a provider accredited for the pilot.`,
        ended: (p) =>
          `The Benelux e-CMR pilot ended on ${s(p.valid_to)}. After that day an e-CMR for carriage in ${s(p.country)} stands only where the e-CMR protocol is in force for the countries of the lane (see ecmr_protocol_party); otherwise the paper consignment note the law asks for is needed again. Authorities in the EU accept the regulatory information electronically under the eFTI regulation from ${EFTI_ACCEPTANCE_FROM} (see efti_acceptance).`,
        not_yet: (p) => `The Benelux e-CMR pilot allows e-CMRs in ${s(p.country)} only from ${s(p.valid_from)}.`,
        outside: (p) => `The Benelux e-CMR pilot covers only carriage within the Benelux; this lane leaves it, so the pilot does not apply in ${s(p.country)}.`,
      }),
      nl: bySituation({
        covered: (p) =>
          `De Benelux-proef met de e-CMR dekt dit vervoer in ${s(p.country)} (tussen België, Nederland en Luxemburg, ook binnenlands vervoer en cabotage daar) tot en met ${s(p.valid_to)}, met een e-CMR van een voor de proef erkende leverancier.`,
        ended: (p) =>
          `De Benelux-proef met de e-CMR is geëindigd op ${s(p.valid_to)}. Daarna geldt een e-CMR voor vervoer in ${s(p.country)} alleen waar het e-CMR-protocol van kracht is voor de landen van het traject (zie ecmr_protocol_party); anders is de papieren vrachtbrief die de wet vraagt weer nodig. Autoriteiten in de EU aanvaarden de wettelijk vereiste informatie elektronisch volgens de eFTI-verordening vanaf ${EFTI_ACCEPTANCE_FROM} (zie efti_acceptance).`,
        not_yet: (p) => `De Benelux-proef met de e-CMR staat e-CMR's in ${s(p.country)} pas toe vanaf ${s(p.valid_from)}.`,
        outside: (p) => `De Benelux-proef met de e-CMR dekt alleen vervoer binnen de Benelux; dit traject gaat erbuiten, dus de proef geldt niet in ${s(p.country)}.`,
      }),
    },
  },
  cabotage_allowance: {
    source: SOURCES.cabotage,
    valid_from: '2022-02-21',
    valid_to: null,
    examples: {
      cabotage: { situation: 'cabotage', country: 'DE', carrier_country: 'PL', ...CABOTAGE },
      after_delivery: { situation: 'after_delivery', country: 'DE', carrier_country: 'PL', ...CABOTAGE },
      carrier_outside_eu: { situation: 'carrier_outside_eu', country: 'DE', carrier_country: 'CH' },
      country_outside_eu: { situation: 'country_outside_eu', country: 'GB', carrier_country: 'PL' },
    },
    messages: {
      en: bySituation({
        cabotage: (p) =>
          `This is cabotage: a carrier established in ${s(p.carrier_country)} carries goods within ${s(p.country)}. It is allowed only after an international carriage into ${s(p.country)}: at most ${s(p.operations)} cabotage operations with the same vehicle, the last unloading within ${s(p.days)} days of the last unloading of that international carriage; then that vehicle may not carry out cabotage in ${s(p.country)} for ${s(p.cooling_off_days)} days.`,
        after_delivery: (p) =>
          `After delivering this international carriage in ${s(p.country)}, a carrier established in ${s(p.carrier_country)} may carry out at most ${s(p.operations)} cabotage operations in ${s(p.country)} with the same vehicle, the last unloading within ${s(p.days)} days; then that vehicle may not carry out cabotage in ${s(p.country)} for ${s(p.cooling_off_days)} days.`,
        carrier_outside_eu: (p) =>
          `Regulation (EC) No 1072/2009 gives cabotage rights to carriers established in an EU member state; a carrier established in ${s(p.carrier_country)} has none under it in ${s(p.country)} (this service holds no other agreements).`,
        country_outside_eu: (p) => `${s(p.country)} is not an EU member state: Regulation (EC) No 1072/2009 does not govern cabotage there (this service holds no other agreements).`,
      }),
      nl: bySituation({
        cabotage: (p) =>
          `Dit is cabotage: een vervoerder gevestigd in ${s(p.carrier_country)} vervoert goederen binnen ${s(p.country)}. Dat mag alleen na een internationaal vervoer naar ${s(p.country)}: ten hoogste ${s(p.operations)} cabotageritten met hetzelfde voertuig, de laatste lossing binnen ${s(p.days)} dagen na de laatste lossing van dat internationale vervoer; daarna mag dat voertuig ${s(p.cooling_off_days)} dagen geen cabotage in ${s(p.country)} verrichten.`,
        after_delivery: (p) =>
          `Na aflevering van dit internationale vervoer in ${s(p.country)} mag een vervoerder gevestigd in ${s(p.carrier_country)} met hetzelfde voertuig ten hoogste ${s(p.operations)} cabotageritten in ${s(p.country)} verrichten, de laatste lossing binnen ${s(p.days)} dagen; daarna mag dat voertuig ${s(p.cooling_off_days)} dagen geen cabotage in ${s(p.country)} verrichten.`,
        carrier_outside_eu: (p) =>
          `Verordening (EG) nr. 1072/2009 geeft cabotagerechten aan vervoerders gevestigd in een EU-lidstaat; een vervoerder gevestigd in ${s(p.carrier_country)} heeft er op grond daarvan geen in ${s(p.country)} (deze dienst kent geen andere overeenkomsten).`,
        country_outside_eu: (p) => `${s(p.country)} is geen EU-lidstaat: Verordening (EG) nr. 1072/2009 regelt daar geen cabotage (deze dienst kent geen andere overeenkomsten).`,
      }),
    },
  },
  adr_documents: {
    source: SOURCES.adr,
    valid_from: '2025-01-01',
    valid_to: null,
    examples: { applies: { situation: 'applies', country: 'FR' }, unknown: { situation: 'unknown', country: 'OM' } },
    messages: {
      en: bySituation({
        applies: (p) =>
          `Dangerous goods in ${s(p.country)}: the transport unit carries the ADR transport document (5.4.1), the instructions in writing in a language the crew can read (5.4.3), a photo identity document for each crew member (1.10.1.4), the driver's ADR training certificate (8.2.2.8) and, where required, the vehicle's certificate of approval (9.1.3) (ADR 8.1.2).`,
        unknown: (p) => `This service holds no data on whether ${s(p.country)} is a contracting party to the ADR; check the ADR's list of contracting parties before carrying dangerous goods there.`,
      }),
      nl: bySituation({
        applies: (p) =>
          `Gevaarlijke stoffen in ${s(p.country)}: de transporteenheid heeft het ADR-vervoersdocument (5.4.1), de schriftelijke instructies in een taal die de bemanning kan lezen (5.4.3), een identiteitsbewijs met foto voor elk bemanningslid (1.10.1.4), het ADR-vakbekwaamheidscertificaat van de bestuurder (8.2.2.8) en, waar vereist, het certificaat van goedkeuring van het voertuig (9.1.3) aan boord (ADR 8.1.2).`,
        unknown: (p) => `Deze dienst weet niet of ${s(p.country)} partij is bij het ADR; controleer de lijst van verdragsluitende partijen van het ADR voordat u er gevaarlijke stoffen vervoert.`,
      }),
    },
  },
  combined_transport: {
    source: SOURCES.combinedTransport,
    valid_from: '1992-12-07',
    valid_to: null,
    examples: { applies: { situation: 'applies', country: 'DE' }, not_between_member_states: { situation: 'not_between_member_states', country: 'NL' } },
    messages: {
      en: bySituation({
        applies: (p) =>
          `Combined transport between member states (Directive 92/106/EEC art. 1): the road leg in ${s(p.country)} runs between the place of loading or unloading and the nearest suitable rail loading station, or within 150 km as the crow flies of the inland or sea port, and the rail, inland-waterway or sea leg exceeds 100 km as the crow flies. The transport document names the stations or ports of the non-road leg (art. 3). ${s(p.country)} may apply the cabotage limits to such road legs (art. 4 as amended by Regulation (EU) 2020/1055).`,
        not_between_member_states: (p) =>
          `Directive 92/106/EEC covers combined transport between EU member states only; this lane is not such a carriage, so the rules of ${s(p.country)} govern its road legs.`,
      }),
      nl: bySituation({
        applies: (p) =>
          `Gecombineerd vervoer tussen lidstaten (Richtlijn 92/106/EEG art. 1): het wegtraject in ${s(p.country)} loopt tussen de plaats van laden of lossen en het dichtstbijzijnde geschikte spoorwegstation, of binnen 150 km hemelsbreed van de binnen- of zeehaven, en het spoor-, binnenvaart- of zeetraject is langer dan 100 km hemelsbreed. Het vervoersdocument noemt de stations of havens van het niet-wegtraject (art. 3). ${s(p.country)} mag de cabotagegrenzen op zulke wegtrajecten toepassen (art. 4 zoals gewijzigd bij Verordening (EU) 2020/1055).`,
        not_between_member_states: (p) =>
          `Richtlijn 92/106/EEG geldt alleen voor gecombineerd vervoer tussen EU-lidstaten; dit traject is zulk vervoer niet, dus de regels van ${s(p.country)} gelden voor de wegtrajecten.`,
      }),
    },
  },
  efti_acceptance: {
    source: SOURCES.efti,
    valid_from: EFTI_ACCEPTANCE_FROM,
    valid_to: null,
    examples: {
      in_force: { situation: 'in_force', country: 'DE', valid_from: EFTI_ACCEPTANCE_FROM },
      pending: { situation: 'pending', country: 'DE', valid_from: EFTI_ACCEPTANCE_FROM, date: '2026-11-28' },
      outside_eu: { situation: 'outside_eu', country: 'CH' },
    },
    messages: {
      en: bySituation({
        in_force: (p) =>
          `Since ${s(p.valid_from)} the competent authorities of ${s(p.country)} accept regulatory freight information made available electronically on a certified eFTI platform (Regulation (EU) 2020/1056 art. 5); operators may still show it on paper.`,
        pending: (p) =>
          `From ${s(p.valid_from)} the competent authorities of ${s(p.country)} must accept regulatory freight information made available electronically on a certified eFTI platform (Regulation (EU) 2020/1056 art. 5); on ${s(p.date)} they are not yet bound to.`,
        outside_eu: (p) => `${s(p.country)} is not an EU member state: Regulation (EU) 2020/1056 (eFTI) does not bind its authorities.`,
      }),
      nl: bySituation({
        in_force: (p) =>
          `Sinds ${s(p.valid_from)} aanvaarden de bevoegde autoriteiten van ${s(p.country)} wettelijk vereiste vrachtinformatie die elektronisch beschikbaar is op een gecertificeerd eFTI-platform (Verordening (EU) 2020/1056 art. 5); vervoerders mogen die nog steeds op papier tonen.`,
        pending: (p) =>
          `Vanaf ${s(p.valid_from)} moeten de bevoegde autoriteiten van ${s(p.country)} wettelijk vereiste vrachtinformatie aanvaarden die elektronisch beschikbaar is op een gecertificeerd eFTI-platform (Verordening (EU) 2020/1056 art. 5); op ${s(p.date)} zijn ze daar nog niet toe verplicht.`,
        outside_eu: (p) => `${s(p.country)} is geen EU-lidstaat: Verordening (EU) 2020/1056 (eFTI) bindt de autoriteiten daar niet.`,
      }),
    },
  },
};
