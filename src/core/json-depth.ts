/**
 * How deep a JSON text nests, read before it is parsed. Bodies are walked recursively after parsing
 * (the storable-text check, schema validation, canonical JSON), so a body nested thousands of levels
 * deep would exhaust the stack there; refusing it while reading the text bounds every later walk.
 * No body the API documents nests anywhere near the limit.
 */

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** True when `text` opens more than `max` objects or arrays inside one another (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
