/**
 * Times, numbers and weights on the inspection page, written the way the page's language writes
 * them (Intl). A time is on the wall clock of the place it concerns (docs/time-zones.md), with the
 * zone named.
 */
import { zoneAbbreviation } from '../../core/local-time.js';
import { LruCache } from '../../core/lru-cache.js';
import type { InspectionLanguage } from './inspection-request.js';

/**
 * Formatters by language and zone: making one costs ICU far more than formatting with it, and a
 * page writes dozens of times. The 24 languages times the 400-odd zones notes may name would be
 * thousands of ICU formatters (tens of KB each) kept for good; those in use stay, others fall out.
 */
export const INSPECTION_FORMATTERS = 512;
const formatters = new LruCache<Intl.DateTimeFormat | Intl.NumberFormat>(INSPECTION_FORMATTERS);

/** How many formatters this process keeps (tests of the bound). */
export function inspectionFormattersKept(): number {
  return formatters.size;
}

function formatterOf<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let known = formatters.get(key) as F | undefined;
  if (!known) {
    known = make();
    formatters.set(key, known);
  }
  return known;
}

/** `4 mar 2026, 10:05 CET` in `zone`: the zone's customary short name, as Intl's own runs long in some languages (Greek spells it out). */
export function formatTime(language: InspectionLanguage, iso: string, zone = 'UTC'): string {
  const at = new Date(iso);
  const time = formatterOf(`time ${language} ${zone}`, () => new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }));
  return `${time.format(at)} ${zoneAbbreviation(at, zone)}`;
}

export function formatNumber(language: InspectionLanguage, value: number): string {
  return formatterOf(`number ${language}`, () => new Intl.NumberFormat(language, { maximumFractionDigits: 3 })).format(value);
}

export function formatWeight(language: InspectionLanguage, kilograms: number): string {
  return formatterOf(`weight ${language}`, () => new Intl.NumberFormat(language, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 })).format(kilograms);
}
