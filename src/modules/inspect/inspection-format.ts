/**
 * Times, numbers and weights on the inspection page, written the way the page's language writes
 * them (Intl). Times stay in UTC, named as such: the page does not know where the inspector stands.
 */
import type { InspectionLanguage } from './inspection-request.js';

/** `4 mar 2026, 09:05 UTC`: the zone's short name, as Intl's own runs long in some languages (Greek spells it out). */
export function formatTime(language: InspectionLanguage, iso: string): string {
  return `${new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

export function formatNumber(language: InspectionLanguage, value: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

export function formatWeight(language: InspectionLanguage, kilograms: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 }).format(kilograms);
}
