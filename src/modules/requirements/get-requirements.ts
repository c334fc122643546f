/**
 * GET /v1/requirements: reads the lane from the query, checks it, and answers
 * its requirements on the day asked (today, UTC, on the request's clock when absent).
 */
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import type { Clock } from '../../core/clock.js';
import { KNOWN_COUNTRIES } from './countries.js';
import { laneRequirements, type LaneRequirements } from './lane-requirements.js';
import type { RequirementsQuery } from './requirements.schema.js';

registerFindingMessages({
  unknown_country: {
    en: (p) => `${String(p.country)} is not a country this service holds requirements for: give an ISO 3166-1 alpha-2 code of an EU or EEA state, the United Kingdom, Switzerland or a party to the e-CMR protocol.`,
    nl: (p) => `${String(p.country)} is geen land waarvoor deze dienst eisen kent: geef een ISO 3166-1 alpha-2-code van een EU- of EER-staat, het Verenigd Koninkrijk, Zwitserland of een partij bij het e-CMR-protocol.`,
    de: (p) => `${String(p.country)} ist kein Land, für das dieser Dienst Anforderungen kennt: Geben Sie einen ISO-3166-1-alpha-2-Code eines EU- oder EWR-Staats, des Vereinigten Königreichs, der Schweiz oder einer Vertragspartei des e-CMR-Protokolls an.`,
    fr: (p) => `${String(p.country)} n'est pas un pays pour lequel ce service connaît des exigences : indiquez un code ISO 3166-1 alpha-2 d'un État de l'UE ou de l'EEE, du Royaume-Uni, de la Suisse ou d'une partie au protocole e-CMR.`,
  },
});

/** At most this many transit countries. */
export const MAX_VIA = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (2027-02-30 is not). */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function countryFinding(parameter: string, value: string, language: Language): Finding | undefined {
  return KNOWN_COUNTRIES.has(value) ? undefined : finding(`query.${parameter}`, 'unknown_country', { country: value }, language);
}

/**
 * The requirements of the lane in `query`, messages in `language` (Dutch for Dutch, English
 * otherwise). Raises `validation_failed` with a finding per bad parameter: an unknown country
 * (`from`, `to`, `via[i]`, `carrier_country`), a day that is not one (`date`), too many via countries.
 */
export function getRequirements(clock: Clock, query: RequirementsQuery, language: Language): LaneRequirements {
  const via = query.via === undefined || query.via === '' ? [] : query.via.split(',').map((c) => c.trim());
  const errors = [
    countryFinding('from', query.from, language),
    countryFinding('to', query.to, language),
    ...via.map((country, i) => countryFinding(`via[${i}]`, country, language)),
    query.carrier_country === undefined ? undefined : countryFinding('carrier_country', query.carrier_country, language),
    query.date === undefined || isDay(query.date) ? undefined : finding('query.date', 'invalid_format', { format: 'date, YYYY-MM-DD' }, language),
    via.length > MAX_VIA ? finding('query.via', 'too_many_items', { limit: MAX_VIA }, language) : undefined,
  ].filter((f): f is Finding => f !== undefined);
  if (errors.length > 0) {
    throw new AppError('validation_failed', 'The lane is not valid; see errors.', { errors });
  }
  const lane = {
    from: query.from,
    to: query.to,
    via,
    date: query.date ?? clock.now().toISOString().slice(0, 10),
    adr: query.adr ?? false,
    combined: query.combined ?? false,
    carrier_country: query.carrier_country ?? null,
  };
  return laneRequirements(lane, language === 'nl' ? 'nl' : 'en');
}
