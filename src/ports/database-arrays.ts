/**
 * Array parameters for hot batch statements (`unnest($1::text[], $2::int[], …)`), written as
 * PostgreSQL array literals by hand. A batch then travels as one typed array per column, which the
 * server reads without parsing JSON, and the literal costs a join: the driver's generic array
 * serialisation inspects every element and costs several times more per batch.
 * Both database adapters pass a string parameter through unchanged.
 */

const NEEDS_ESCAPE = /[\\"]/;

/** `{"a","b\"c",NULL}`: each text quoted, `\` and `"` escaped; null is SQL NULL. */
export function textArray(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    // Ids, timestamps and signatures have nothing to escape: test before replacing.
    else literal += NEEDS_ESCAPE.test(value) ? `"${value.replace(/[\\"]/g, '\\$&')}"` : `"${value}"`;
  }
  return `${literal}}`;
}

/** `{1,2,NULL}`: whole numbers only (anything else would not be a safe literal). */
export function intArray(values: readonly (number | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (Number.isInteger(value)) literal += value;
    else throw new TypeError(`not a whole number: ${value}`);
  }
  return `${literal}}`;
}
