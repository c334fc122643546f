/**
 * A moment as a person at a place reads it: the wall-clock time of the place's zone with the
 * zone named the way European transport writes it (`2026-01-15 08:00 CET`, `09:00 EEST`). Every
 * page and PDF prints times through this; the API's JSON stays ISO 8601 UTC.
 *
 * ICU's own short names are `GMT+1` for most zones in most locales, so the abbreviation comes from
 * the table below, by the zone's offset at that moment and whether that offset is its summer time
 * (docs/time-zones.md). A zone or offset the table does not name prints as `UTC+hh:mm`.
 */
import { LruCache } from './lru-cache.js';

interface ZoneNames {
  standard: string;
  /** The summer-time name, for zones that keep summer time one hour ahead. */
  summer?: string;
}

/** Zones whose names are not those of their offset's family. */
const ZONE_NAMES: Readonly<Record<string, ZoneNames>> = {
  'Europe/London': { standard: 'GMT', summer: 'BST' },
  'Europe/Guernsey': { standard: 'GMT', summer: 'BST' },
  'Europe/Jersey': { standard: 'GMT', summer: 'BST' },
  'Europe/Isle_of_Man': { standard: 'GMT', summer: 'BST' },
  'Europe/Belfast': { standard: 'GMT', summer: 'BST' },
  // Irish Standard Time is the summer's: the law calls winter time the exception.
  'Europe/Dublin': { standard: 'GMT', summer: 'IST' },
  'Atlantic/Reykjavik': { standard: 'GMT' },
  'Europe/Moscow': { standard: 'MSK' },
  'Europe/Simferopol': { standard: 'MSK' },
  'Europe/Kirov': { standard: 'MSK' },
  'Europe/Volgograd': { standard: 'MSK' },
  'Europe/Istanbul': { standard: 'TRT' },
  'Atlantic/Azores': { standard: 'AZOT', summer: 'AZOST' },
  'America/Nuuk': { standard: 'WGT', summer: 'WGST' },
  'America/Godthab': { standard: 'WGT', summer: 'WGST' },
};

/** European zones are named by their standard offset: Western, Central and Eastern European Time. */
const FAMILIES: Readonly<Record<number, ZoneNames>> = {
  0: { standard: 'WET', summer: 'WEST' },
  60: { standard: 'CET', summer: 'CEST' },
  120: { standard: 'EET', summer: 'EEST' },
};
const EUROPEAN = /^(Europe\/|Atlantic\/(Canary|Madeira|Faroe)$|Africa\/(Ceuta|Algiers|Tunis|Tripoli|Cairo)$|Asia\/(Nicosia|Famagusta)$|Arctic\/Longyearbyen$)/;

/**
 * Formatters and standard offsets are kept per zone (and locale, or year): a shipment names any of
 * Intl's 400-odd zones and any year, so without a bound the process would keep one ICU formatter
 * (tens of KB each) per combination it ever printed. Those in use stay; others fall out.
 */
export const LOCAL_TIME_CACHE_ENTRIES = 512;

const formatters = new LruCache<Intl.DateTimeFormat>(LOCAL_TIME_CACHE_ENTRIES);

function formatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions, optionsKey = JSON.stringify(options)): Intl.DateTimeFormat {
  const key = `${locale} ${zone} ${optionsKey}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

const NUMERIC = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
/** Worked out once: every time a page or PDF prints reads the wall clock several times. */
const NUMERIC_KEY = JSON.stringify(NUMERIC);

/** The wall clock of `zone` at `at`, as numbers. */
function wallClock(at: Date, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(formatter('en-US', zone, NUMERIC, NUMERIC_KEY).formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second) };
}

/** Minutes the zone is ahead of UTC at that moment. */
export function utcOffsetMinutes(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `+01:00`, `-02:30`, `+00:00`. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Per zone and year: the zones times named times' years, a few dozen in practice (bound above). */
const standardOffsets = new LruCache<number>(LOCAL_TIME_CACHE_ENTRIES);

/** How many formatters and standard offsets this process keeps (tests of the bound). */
export function localTimeCacheSizes(): { formatters: number; standardOffsets: number } {
  return { formatters: formatters.size, standardOffsets: standardOffsets.size };
}

/** The zone's standard offset that year: the smaller of its January and July offsets. */
function standardOffset(year: number, zone: string): number {
  const key = `${zone} ${year}`;
  let offset = standardOffsets.get(key);
  if (offset === undefined) {
    offset = Math.min(utcOffsetMinutes(new Date(Date.UTC(year, 0, 1)), zone), utcOffsetMinutes(new Date(Date.UTC(year, 6, 1)), zone));
    standardOffsets.set(key, offset);
  }
  return offset;
}

function namesOf(zone: string, standard: number): ZoneNames | undefined {
  return ZONE_NAMES[zone] ?? (EUROPEAN.test(zone) ? FAMILIES[standard] : undefined);
}

/**
 * The customary abbreviation of `zone` at `at` (`CET`, `CEST`, `EEST`, `BST`, `IST`, `MSK`), or
 * `UTC` for UTC itself, else `UTC+hh:mm`.
 */
export function zoneAbbreviation(at: Date, zone: string): string {
  const offset = utcOffsetMinutes(at, zone);
  const standard = standardOffset(at.getUTCFullYear(), zone);
  const names = namesOf(zone, standard);
  if (names && offset === standard) return names.standard;
  if (names?.summer && offset === standard + 60) return names.summer;
  return offset === 0 && (zone === 'UTC' || zone === 'Etc/UTC') ? 'UTC' : `UTC${offsetText(offset)}`;
}

/**
 * The names `zone` uses this year by offset (`{"+01:00": "CET", "+02:00": "CEST"}`), for a page's
 * script that formats times on the phone with the same names (it falls back to `UTC+hh:mm`).
 */
export function zoneAbbreviations(zone: string, at: Date): Record<string, string> {
  const standard = standardOffset(at.getUTCFullYear(), zone);
  const names = namesOf(zone, standard);
  if (!names) return zone === 'UTC' ? { '+00:00': 'UTC' } : {};
  return { [offsetText(standard)]: names.standard, ...(names.summer ? { [offsetText(standard + 60)]: names.summer } : {}) };
}

export interface LocalTimeOptions {
  /** A BCP 47 locale: dates and times as that language writes them (`15.01.2026, 08:00 CET`). Without one: `2026-01-15 08:00 CET`. */
  locale?: string;
  /** `date-time` (the default), `time` (`08:00 CET`) or `date` (no zone: a day is not a moment). */
  show?: 'date-time' | 'time' | 'date';
  seconds?: boolean;
}

/** `at` on the wall clock of `zone`, with the zone named. */
export function localTime(at: Date | string, zone: string, options: LocalTimeOptions = {}): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const show = options.show ?? 'date-time';
  let text: string;
  if (options.locale) {
    const wanted: Intl.DateTimeFormatOptions = {
      ...(show !== 'time' ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
      ...(show !== 'date' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(options.seconds ? { second: '2-digit' } : {}) } : {}),
    };
    text = formatter(options.locale, zone, wanted).format(date);
  } else {
    const w = wallClock(date, zone);
    const day = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
    const clock = `${pad(w.hour)}:${pad(w.minute)}${options.seconds ? `:${pad(w.second)}` : ''}`;
    text = show === 'date' ? day : show === 'time' ? clock : `${day} ${clock}`;
  }
  return show === 'date' ? text : `${text} ${zoneAbbreviation(date, zone)}`;
}
