/**
 * Values as the Annex formats them (Delegated Regulation (EU) 2024/2024, Annex, `format` column,
 * read from annex.ts, itself read off the XSD, so no length is typed in twice):
 * - text: at most the Annex length, counted in characters (code points). A longer value is split
 *   over repeated occurrences where the element may repeat (names at 35), at the last space within
 *   the limit (that space marks the break), else hard at the limit. It is never truncated: where
 *   the element does not repeat, a value that does not fit is left out (docs/efti.md lists where).
 * - decimals (`n..16,6`): plain notation, at most the Annex decimals, no trailing zeros.
 * - dates: UN/EDIFACT 2379 code 205, CCYYMMDDHHMMZHHMM (consignment-common.xsd types/time.xsd),
 *   always in UTC, so the zone is `+0000`; seconds are below the format's precision.
 */
import type { EftiLeaf } from '../efti-node.js';
import { annexElement, CODE_LISTS } from './annex.js';

interface Format {
  /** Characters for text (`an..35`, `a2`), digits in all for numbers (`n..16,6`). */
  length: number;
  decimals: number;
}

const formats = new Map<string, Format>();

/** `an..35`, `a2`, `n4`, `n..8`, `n..16,6` → what a value may hold. */
function formatOf(path: string): Format {
  const known = formats.get(path);
  if (known) return known;
  const element = annexElement(path);
  if (!element) throw new Error(`${path} is not an element of the eFTI common dataset`);
  const match = /^(an|a|n)(\.\.)?(\d+)(?:,(\d+))?$/.exec(element.format);
  if (!match) throw new Error(`${path} has no length in the Annex (${element.format})`);
  const format: Format = { length: Number(match[3]), decimals: Number(match[4] ?? 0) };
  formats.set(path, format);
  return format;
}

export function splitText(value: string, max: number): string[] {
  // UTF-16 length ≥ code points: most values fit without counting (this runs per goods line and request).
  if (value.length <= max) return [value];
  const chars = Array.from(value);
  const parts: string[] = [];
  let start = 0;
  while (chars.length - start > max) {
    const window = chars.slice(start, start + max + 1);
    const space = window.lastIndexOf(' ');
    if (space > 0) {
      parts.push(window.slice(0, space).join(''));
      start += space + 1;
    } else {
      parts.push(window.slice(0, max).join(''));
      start += max;
    }
  }
  parts.push(chars.slice(start).join(''));
  return parts;
}

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * A coded element: the value when its XSD code list has it (a country code our pattern allows but
 * ISO 3166-1 lacks would make the document invalid), else undefined.
 */
export function code(path: string, value: unknown): string | undefined {
  const list = annexElement(path)?.codeList;
  if (!list) throw new Error(`${path} takes no code list`);
  return typeof value === 'string' && codeSet(list).has(value) ? value : undefined;
}

const codeSets = new Map<string, ReadonlySet<string>>();

/** A code list as a set (ISO 3166-1 has about 250 codes; looked up per goods line). */
function codeSet(list: string): ReadonlySet<string> {
  let set = codeSets.get(list);
  if (!set) codeSets.set(list, (set = new Set(CODE_LISTS[list] ?? [])));
  return set;
}

/** A repeating text element: the value split at its Annex length; undefined when there is no value. */
export function texts(path: string, value: unknown): string[] | undefined {
  return present(value) ? splitText(value, formatOf(path).length) : undefined;
}

/** A single text element: the value when it fits its Annex length, else undefined (never cut). */
export function text(path: string, value: unknown): string | undefined {
  if (!present(value)) return undefined;
  const max = formatOf(path).length;
  return value.length <= max || Array.from(value).length <= max ? value : undefined;
}

/** A number in plain decimal notation within its Annex digits, else undefined; integers stay whole. */
export function decimal(path: string, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const { length, decimals } = formatOf(path);
  if (decimals === 0 && !Number.isInteger(value)) return undefined;
  let written = value.toFixed(decimals);
  if (decimals > 0) written = written.replace(/0+$/, '').replace(/\.$/, '');
  if (!/^\d+(\.\d+)?$/.test(written)) return undefined;
  const digits = written.replace('.', '').replace(/^0+(?=\d)/, '').length;
  return digits <= length ? written : undefined;
}

/** A measure (`grossWeight` in KGM, `grossVolume` in MTQ). */
export function measure(path: string, value: unknown, unitId: string): EftiLeaf | undefined {
  const written = decimal(path, value);
  return written === undefined ? undefined : { value: written, unitId };
}

/** An amount (`n..16,3`) of our Money, with its ISO 4217 currency. */
export function amount(path: string, money: unknown): EftiLeaf | undefined {
  const value = decimal(path, typeof (money as { amount?: unknown })?.amount === 'string' ? Number((money as { amount: string }).amount) : undefined);
  const currency = (money as { currency?: unknown })?.currency;
  return value !== undefined && typeof currency === 'string' && codeSet('CurrencyCode').has(currency) ? { value, currencyId: currency } : undefined;
}

/** Code 205 in UTC, such as `202612010700+0000`; undefined for what is not a date. */
export function dateTime205(value: unknown): EftiLeaf | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  return { value: `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}+0000`, formatId: '205' };
}
