/**
 * Which time zone a place keeps, for printing times to people (docs/time-zones.md): the IANA
 * `time_zone` its address names, else the one zone of its country in the table below, else UTC.
 *
 * One zone per country. Where a country spans several, the table holds the mainland's and the
 * address's `time_zone` names another: Portugal is Europe/Lisbon (the Azores are
 * Atlantic/Azores, Madeira Atlantic/Madeira), Spain Europe/Madrid (the Canary Islands
 * Atlantic/Canary), France Europe/Paris (its overseas departments have codes of their own: GP, MQ,
 * GF, RE, YT), Denmark Europe/Copenhagen (Greenland GL and the Faroe Islands FO have their own
 * codes), Norway Europe/Oslo, the Netherlands Europe/Amsterdam (the Caribbean Netherlands is BQ),
 * Russia Europe/Moscow, Ukraine Europe/Kyiv, Cyprus Asia/Nicosia.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  // EU member states
  AT: 'Europe/Vienna', BE: 'Europe/Brussels', BG: 'Europe/Sofia', CY: 'Asia/Nicosia', CZ: 'Europe/Prague',
  DE: 'Europe/Berlin', DK: 'Europe/Copenhagen', EE: 'Europe/Tallinn', ES: 'Europe/Madrid', FI: 'Europe/Helsinki',
  FR: 'Europe/Paris', GR: 'Europe/Athens', HR: 'Europe/Zagreb', HU: 'Europe/Budapest', IE: 'Europe/Dublin',
  IT: 'Europe/Rome', LT: 'Europe/Vilnius', LU: 'Europe/Luxembourg', LV: 'Europe/Riga', MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam', PL: 'Europe/Warsaw', PT: 'Europe/Lisbon', RO: 'Europe/Bucharest', SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana', SK: 'Europe/Bratislava',
  // EEA, Switzerland, the United Kingdom and the Crown dependencies
  IS: 'Atlantic/Reykjavik', LI: 'Europe/Vaduz', NO: 'Europe/Oslo', CH: 'Europe/Zurich', GB: 'Europe/London',
  GG: 'Europe/Guernsey', JE: 'Europe/Jersey', IM: 'Europe/Isle_of_Man',
  // Territories with codes of their own
  AX: 'Europe/Mariehamn', FO: 'Atlantic/Faroe', GI: 'Europe/Gibraltar', GL: 'America/Nuuk', SJ: 'Europe/Oslo',
  GP: 'America/Guadeloupe', MQ: 'America/Martinique', GF: 'America/Cayenne', RE: 'Indian/Reunion', YT: 'Indian/Mayotte',
  // European microstates and neighbours
  AD: 'Europe/Andorra', MC: 'Europe/Monaco', SM: 'Europe/San_Marino', VA: 'Europe/Vatican',
  AL: 'Europe/Tirane', BA: 'Europe/Sarajevo', ME: 'Europe/Podgorica', MK: 'Europe/Skopje', RS: 'Europe/Belgrade',
  XK: 'Europe/Belgrade', MD: 'Europe/Chisinau', UA: 'Europe/Kyiv', BY: 'Europe/Minsk', RU: 'Europe/Moscow',
  TR: 'Europe/Istanbul', GE: 'Asia/Tbilisi', AM: 'Asia/Yerevan', AZ: 'Asia/Baku',
  MA: 'Africa/Casablanca', DZ: 'Africa/Algiers', TN: 'Africa/Tunis', EG: 'Africa/Cairo',
};

const SUPPORTED = new Set(Intl.supportedValuesOf('timeZone'));

/** The zones this runtime knows, UTC first, then by name: what a person picks a zone from. */
export function supportedTimeZones(): string[] {
  return ['UTC', ...[...SUPPORTED].filter((z) => z !== 'UTC').sort()];
}
// Area/Location as the tz database writes it; keeps out old abbreviations the runtime also takes (`CET`, `EST5EDT`).
const AREA_LOCATION = /^[A-Z][A-Za-z_-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+$/;

function resolved(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * An IANA zone name this runtime knows: one of `Intl.supportedValuesOf('timeZone')`, `UTC`, or a
 * current spelling the runtime maps onto one of them (`Europe/Kyiv` where the list still says
 * `Europe/Kiev`).
 */
export function isTimeZone(name: string): boolean {
  if (name === 'UTC' || SUPPORTED.has(name)) return true;
  if (!AREA_LOCATION.test(name)) return false;
  const canonical = resolved(name);
  return canonical !== undefined && SUPPORTED.has(canonical);
}

export interface ZonedPlace {
  time_zone?: unknown;
  country?: unknown;
}

/** The zone of a place: its own `time_zone`, else its country's, else UTC. */
export function timeZoneOf(address: ZonedPlace | null | undefined): string {
  if (typeof address?.time_zone === 'string' && isTimeZone(address.time_zone)) return address.time_zone;
  const country = typeof address?.country === 'string' ? COUNTRY_TIME_ZONES[address.country] : undefined;
  return country ?? 'UTC';
}
