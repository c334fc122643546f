/**
 * Canonical JSON: object keys sorted, no whitespace. Two values that mean the same JSON give the
 * same text whatever key order they were written or stored in (PostgreSQL's jsonb reorders keys),
 * so a hash over it survives a round trip through the database. It runs on every create (request
 * fingerprint, event digests), hence the plain loops.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
