/**
 * Canonical JSON: object keys sorted, no whitespace. Two values that mean the same JSON give the
 * same text whatever key order they were written or stored in (PostgreSQL's jsonb reorders keys),
 * so a hash over it survives a round trip through the database. It runs on every create (request
 * fingerprint, event digests) and over whole checkpoints (tens of thousands of chain heads).
 *
 * The text is JSON.stringify's of a copy whose objects are rebuilt with their keys in order:
 * native serialisation, two to four times faster than writing the text key by key. JSON.stringify
 * puts keys that look like array indexes ("0", "12") first, in numeric order, not in the sorted
 * order; a value with such a key (or `__proto__`) anywhere is written key by key instead (`writeSorted`).
 *
 * Every object is taken by its own keys as a plain record, as `writeSorted` does: a Date becomes
 * `{}` and no toJSON is called, so the text never depends on a prototype.
 */
export function canonicalJson(value: unknown): string {
  const copy = sortedCopy(value);
  return copy === INDEX_KEY ? writeSorted(value) : (JSON.stringify(copy) ?? 'null');
}

/** Marks a value with an index-like key somewhere in it. */
const INDEX_KEY = Symbol('index-like key');

/**
 * A key the copy cannot hold in order: an integer key JSON.stringify would move to the front ("0",
 * or a digit 1–9 followed by digits), or `__proto__`, which assigning would set the copy's
 * prototype instead of adding the key.
 */
function isIndexLike(key: string): boolean {
  if (key === '__proto__') return true;
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return false;
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}

function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? null : value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedCopy(value[i]);
      if (item === INDEX_KEY) return INDEX_KEY;
      out[i] = item;
    }
    return out;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (isIndexLike(key)) return INDEX_KEY;
    const item = record[key];
    if (item === undefined) continue;
    const copy = sortedCopy(item);
    if (copy === INDEX_KEY) return INDEX_KEY;
    out[key] = copy;
  }
  return out;
}

/** The text written key by key (and the definition the fast path must match). */
export function writeSorted(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + writeSorted(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${writeSorted(item)}`;
  }
  return `${out}}`;
}
