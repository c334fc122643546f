/**
 * How personal data is replaced (docs/privacy.md), as pure functions over JSON values: a person's
 * record loses its identifying fields (strings the schema requires become `[erased]`, optional ones
 * and those with a format such as e-mail, phone or coordinates are removed, so the stored shipment
 * still validates), and free text loses each whole-word occurrence of the person's values.
 * Every function returns the field paths it changed, never the values.
 */
import { addressMatches, isObj, type Obj, type PersonRecord } from './data-subject.js';

export const ERASED = '[erased]';

/** Values shorter than this are not searched for in free text: too many innocent words match. */
const MIN_NEEDLE = 4;

/** What each kind of record loses: fields set to the marker, and fields removed. */
const RECORD_FIELDS: Record<PersonRecord['kind'], { mark: string[]; remove: string[] }> = {
  contact: { mark: ['name'], remove: ['email', 'phone'] },
  driver: { mark: ['name'], remove: ['email', 'phone'] },
  party: { mark: ['name'], remove: ['contact', 'vat_number', 'eori', 'registration_number', 'reference'] },
};
/** A party that is the subject is a person at home: the address goes, but for its country (transport rules need it). */
const ADDRESS_FIELDS = { mark: ['street', 'city'], remove: ['additional', 'department', 'po_box', 'postal_code', 'country_subdivision', 'coordinates'] };

/** The string values of a record a later search of free text must find (name, e-mail, phone, street, references). */
export function recordValues(record: PersonRecord): string[] {
  const out: string[] = [];
  const take = (o: unknown, keys: string[]) => {
    if (!isObj(o)) return;
    for (const k of keys) if (typeof o[k] === 'string' && o[k] !== ERASED) out.push(o[k]);
  };
  take(record.node, ['name', 'email', 'phone', 'vat_number', 'eori', 'registration_number', 'reference']);
  if (record.kind === 'party') {
    take(record.node.address, ['street']);
    take(record.node.contact, ['name', 'email', 'phone']);
  }
  return out;
}

function eraseFields(node: Obj, fields: { mark: string[]; remove: string[] }, path: string): string[] {
  const changed: string[] = [];
  for (const f of fields.mark) {
    if (typeof node[f] === 'string' && node[f] !== ERASED) {
      node[f] = ERASED;
      changed.push(`${path}.${f}`);
    }
  }
  for (const f of fields.remove) {
    if (node[f] !== undefined) {
      delete node[f];
      changed.push(`${path}.${f}`);
    }
  }
  return changed;
}

/** Erases a record in place (the caller works on a copy); the paths it changed. */
export function eraseRecord(record: PersonRecord): string[] {
  const changed = eraseFields(record.node, RECORD_FIELDS[record.kind], record.path);
  if (record.kind === 'party' && isObj(record.node.address)) changed.push(...eraseFields(record.node.address, ADDRESS_FIELDS, `${record.path}.address`));
  return changed;
}

/** Erases the records of one shipment's data in place; a contact inside a party that goes whole is not reported twice. */
export function eraseRecords(records: readonly PersonRecord[]): string[] {
  const parties = records.filter((r) => r.kind === 'party').map((r) => `${r.path}.`);
  return records.filter((r) => !parties.some((p) => r.path.startsWith(p))).flatMap(eraseRecord);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for whole-word occurrences of any of the values, case ignored; null when none is long enough. */
export function needlePattern(values: Iterable<string>): RegExp | null {
  const needles = [...new Set([...values].map((v) => v.normalize('NFC').trim()).filter((v) => v.length >= MIN_NEEDLE && v !== ERASED))];
  if (needles.length === 0) return null;
  // Longest first, so "Jan de Vries" wins over "Jan de".
  needles.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${needles.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** The text with each occurrence replaced by the marker, or undefined when nothing occurs. */
export function eraseText(text: string, pattern: RegExp | null): string | undefined {
  if (!pattern) return undefined;
  const normalized = text.normalize('NFC');
  const replaced = normalized.replace(pattern, ERASED);
  return replaced === normalized ? undefined : replaced;
}

type Rewrite = { value: unknown; paths: string[] };

/** A copy of a JSON value where `visit` rewrote what it took (answering undefined, it descends into arrays and objects); the paths changed. */
function rewriteJson(value: unknown, visit: (value: unknown, path: string) => Rewrite | undefined, path = ''): Rewrite {
  const own = visit(value, path);
  if (own) return own;
  const paths: string[] = [];
  const child = (v: unknown, p: string) => {
    const r = rewriteJson(v, visit, p);
    paths.push(...r.paths);
    return r.value;
  };
  if (Array.isArray(value)) {
    const out = value.map((v, i) => child(v, `${path}[${i}]`));
    return { value: paths.length ? out : value, paths };
  }
  if (isObj(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = child(v, path ? `${path}.${k}` : k);
    return { value: paths.length ? out : value, paths };
  }
  return { value, paths: [] };
}

/** A copy of a JSON value with occurrences erased in every string it holds, and the paths changed. */
export function eraseJson(value: unknown, pattern: RegExp | null): Rewrite {
  if (!pattern) return { value, paths: [] };
  return rewriteJson(value, (v, path) => {
    if (typeof v !== 'string') return undefined;
    const erased = eraseText(v, pattern);
    return erased === undefined ? { value: v, paths: [] } : { value: erased, paths: [path || '$'] };
  });
}

/**
 * What is searched for in one shipment's (or tour's) stored JSON: the subject's values, erased as
 * whole words in every string, and their postal addresses, erased wherever an address object is one
 * of them (a party's, `delivery.address`, a copy in an event or a webhook body).
 */
export interface Needles {
  values: string[];
  addresses: Obj[];
}

export const NO_NEEDLES: Needles = { values: [], addresses: [] };

export function mergeNeedles(list: readonly (Needles | undefined)[]): Needles {
  return { values: list.flatMap((n) => n?.values ?? []), addresses: list.flatMap((n) => n?.addresses ?? []) };
}

/** The strings of an address that free text may repeat ("deliver to Lindenlaan 12, 3581 AB"); the city alone names no one and stays there. */
export function addressValues(address: Obj): string[] {
  return ['street', 'additional', 'postal_code'].flatMap((k) => (typeof address[k] === 'string' && address[k] !== ERASED ? [address[k]] : []));
}

/** A copy of a JSON value where every address object that is one of `addresses` is erased as a party's address is (street and city marked, the rest but the country removed). */
export function eraseAddresses(value: unknown, addresses: readonly Obj[]): Rewrite {
  if (addresses.length === 0) return { value, paths: [] };
  return rewriteJson(value, (v, path) => {
    if (!isObj(v) || !addresses.some((a) => addressMatches(v, a))) return undefined;
    const copy = structuredClone(v);
    const paths = eraseFields(copy, ADDRESS_FIELDS, path || '$');
    return { value: paths.length ? copy : v, paths };
  });
}

/** A copy of a JSON value with the subject's addresses and then their values erased; the paths changed, each once. */
export function eraseNeedles(value: unknown, needles: Needles | undefined): Rewrite {
  if (!needles) return { value, paths: [] };
  const structural = eraseAddresses(value, needles.addresses);
  const text = eraseJson(structural.value, needlePattern(needles.values));
  return { value: text.value, paths: [...new Set([...structural.paths, ...text.paths])] };
}

/** A copy of a JSON value where each object naming one of the signatures (`signature_id`) loses its free-text `place` (a successive carrier's takeover, which may name a person's address); the paths changed. */
export function erasePlacesOf(value: unknown, signatureIds: ReadonlySet<string>): Rewrite {
  if (signatureIds.size === 0) return { value, paths: [] };
  return rewriteJson(value, (v, path) => {
    if (!isObj(v) || typeof v.signature_id !== 'string' || !signatureIds.has(v.signature_id) || typeof v.place !== 'string' || v.place === ERASED) return undefined;
    return { value: { ...v, place: ERASED }, paths: [path ? `${path}.place` : 'place'] };
  });
}

/** The subject's values and addresses, then their signatures' places, erased in a copy of a JSON value; the paths changed, each once. */
export function eraseNeedlesAndPlaces(value: unknown, needles: Needles | undefined, signatureIds: ReadonlySet<string>): Rewrite {
  const text = eraseNeedles(value, needles);
  const places = erasePlacesOf(text.value, signatureIds);
  return { value: places.value, paths: [...new Set([...text.paths, ...places.paths])] };
}
