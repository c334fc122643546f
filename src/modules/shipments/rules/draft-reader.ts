/**
 * Defensive reads of a shipment draft. Rules also run when the JSON schema failed (rule.ts), so
 * every value may be absent or of any JSON type; these readers answer `undefined` instead of
 * throwing, and leave reporting the wrong type to the schema.
 */

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Absent for a rule: not sent, or sent as JSON null ("no value"). A value of another wrong type is
 * present, and the schema names its type.
 */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

export function field(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

export function objectAt(value: unknown, key: string): JsonObject | undefined {
  const found = field(value, key);
  return isObject(found) ? found : undefined;
}

export function stringAt(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}

export function arrayAt(value: unknown, key: string): unknown[] | undefined {
  const found = field(value, key);
  return Array.isArray(found) ? found : undefined;
}

/** `address.country` of a party or stop, when it is a string. */
export function countryOf(partyOrStop: unknown): string | undefined {
  return stringAt(objectAt(partyOrStop, 'address'), 'country');
}

/** The goods lines that are objects, with their 0-based index in `goods` (other elements are the schema's). */
export function goodsLines(draft: unknown): { index: number; line: JsonObject }[] {
  const goods = arrayAt(draft, 'goods') ?? [];
  return goods.flatMap((line, index) => (isObject(line) ? [{ index, line }] : []));
}
