/**
 * Text PostgreSQL cannot keep: its `jsonb` and `text` types refuse U+0000 and unpaired UTF-16
 * surrogates (JSON allows both as escapes). A body carrying them would otherwise pass validation
 * and then fail at the insert, so they are reported as findings before anything is stored.
 */
import { finding, type Finding } from './findings.js';

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** One `invalid_characters` finding per string value (or member name) that cannot be stored. */
export function unstorableTextFindings(value: unknown, path = '$'): Finding[] {
  if (typeof value === 'string') return hasUnstorableText(value) ? [finding(path, 'invalid_characters')] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableTextFindings(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      const member = `${path}.${key}`;
      return hasUnstorableText(key) ? [finding(member, 'invalid_characters')] : unstorableTextFindings(item, member);
    });
  }
  return [];
}
