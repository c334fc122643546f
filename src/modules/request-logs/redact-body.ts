/**
 * What a failed call's bodies may show in its request log: the JSON walked key by key, with every
 * secret and every person's data replaced by `[redacted]` before anything is stored, then cut at
 * 16 KB. The structure stays (which fields were sent, their numbers and codes), so a developer can
 * still see why the call failed.
 *
 * Redacted by key: keys, tokens, passwords, secrets, one-time and recovery codes; signature images
 * and photos; names, e-mail addresses, phone numbers and the lines of an address (its `country`
 * stays), identity numbers and bank accounts. Redacted by value, under any key: API keys and
 * signing secrets, bearer credentials, data: URLs and long base64 runs (images), phone numbers in
 * E.164 form, and e-mail addresses inside longer text. Bodies that are not JSON are not kept.
 */

export const REDACTED = '[redacted]';

/** Each stored body is cut at this many UTF-8 bytes. */
export const MAX_STORED_BODY_BYTES = 16 * 1024;

/** Nesting deeper than this is not walked further (the API's own bodies are far shallower). */
const MAX_DEPTH = 40;

const SECRET_KEY = /(password|passphrase|secret|token|api_?key|private_?key|authorization|cookie|credential|(^|_)otp($|_)|(^|_)pin$|(^|_)key$|recovery_codes?$|verification_code$|two_factor_code$)/;
const IMAGE_KEY = /(image|photo|picture|drawing|(^|_)png$|(^|_)svg$|data_url$)/;
const PERSON_KEY =
  /^(name|first_name|last_name|full_name|given_name|family_name|surname|display_name|username|user_name|signer_name|contact_name|driver_name|email|e_mail|phone|mobile|telephone|fax|street|additional|department|po_box|postal_code|zip|city|country_subdivision|coordinates|lat|lng|latitude|longitude|date_of_birth|birth_date|id_number|document_number|passport_number|licence_number|license_number|iban|bic|ip|ip_address|user_agent)$|(^|_)(email|phone|mobile)($|_)|_address$/;
/** A plain `address` string (a free-text address); an Address object is walked and its lines redacted. */
const ADDRESS_KEY = /^address$/;

const CREDENTIAL_VALUE = /(sk_(live|test)_|whsec_|bearer\s|basic\s)/i;
const DATA_URL = /^data:/i;
const LONG_BASE64 = /[A-Za-z0-9+/=_-]{256,}/;
const E164 = /^\+[1-9][0-9 ()-]{6,18}$/;
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** One-time passwords and recovery codes sent as `code` (an error code such as `otp_invalid` stays). */
const CODE_VALUE = /^[0-9]{4,10}$|^[a-z0-9]{4,6}(-[a-z0-9]{4,6}){1,3}$/i;

function normalKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

function redactedByKey(key: string, value: unknown): boolean {
  const k = normalKey(key);
  // Identifiers name things, they open nothing (`api_key_id`, `token_id`): kept unless their value gives them away.
  if (k === 'id' || k.endsWith('_id') || k.endsWith('_ids')) return false;
  if (SECRET_KEY.test(k) || IMAGE_KEY.test(k) || PERSON_KEY.test(k)) return true;
  if (ADDRESS_KEY.test(k)) return typeof value === 'string';
  return k === 'code' && typeof value === 'string' && CODE_VALUE.test(value);
}

function redactString(value: string): string {
  if (CREDENTIAL_VALUE.test(value) || DATA_URL.test(value) || LONG_BASE64.test(value) || E164.test(value.trim())) return REDACTED;
  return value.replace(EMAIL_IN_TEXT, REDACTED);
}

/** A copy of `value` with secrets and personal data replaced; the input is not changed. */
export function redactJson(value: unknown): unknown {
  return redactWithin(value, 0, { left: Number.POSITIVE_INFINITY, cut: false });
}

/**
 * What is left of the stored body's bytes while walking. Each value spends at most what it takes
 * in the serialised JSON (never more), so once nothing is left the text written so far already
 * runs past the cut, and the rest of a megabyte body need not be walked at all. `cut` says that
 * something was left out.
 */
interface Budget {
  left: number;
  cut: boolean;
}

function redactWithin(value: unknown, depth: number, budget: Budget): unknown {
  if (typeof value === 'string') {
    // The part of a long string past the cut is never stored. A margin past it keeps a credential,
    // an image run or an address that starts just before the cut recognisable as a whole.
    if (value.length > budget.left + 512) {
      const redacted = redactString(value.slice(0, budget.left + 512));
      budget.left = 0;
      budget.cut = true;
      return redacted;
    }
    const redacted = redactString(value);
    budget.left -= redacted.length + 2;
    return redacted;
  }
  if (value === null || typeof value !== 'object') {
    budget.left -= 1;
    return value;
  }
  if (depth >= MAX_DEPTH) return REDACTED;
  budget.left -= 2;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) {
      if (budget.left <= 0) {
        budget.cut = true;
        break;
      }
      out.push(redactWithin(v, depth + 1, budget));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (budget.left <= 0) {
      budget.cut = true;
      break;
    }
    const v = record[key];
    budget.left -= key.length + 3;
    if (v === null || v === undefined) out[key] = v;
    else if (redactedByKey(key, v)) {
      budget.left -= REDACTED.length + 2;
      out[key] = REDACTED;
    } else out[key] = redactWithin(v, depth + 1, budget);
  }
  return out;
}

export interface StoredBody {
  text: string;
  truncated: boolean;
}

/** `text` cut to `max` UTF-8 bytes, never inside a character. */
export function boundText(text: string, max = MAX_STORED_BODY_BYTES): StoredBody {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return { text, truncated: false };
  // A cut inside a multi-byte character decodes to U+FFFD at the end: drop it.
  return { text: bytes.subarray(0, max).toString('utf8').replace(/\uFFFD+$/, ''), truncated: true };
}

/** A parsed JSON body as it may be stored: redacted, serialised, bounded. */
export function storableJson(value: unknown): StoredBody {
  const budget: Budget = { left: MAX_STORED_BODY_BYTES, cut: false };
  const stored = boundText(JSON.stringify(redactWithin(value, 0, budget)) ?? 'null');
  return budget.cut ? { ...stored, truncated: true } : stored;
}

/** A body as sent (text), stored only when it is JSON; anything else is described, not kept. */
export function storableText(text: string, contentType: string | undefined): StoredBody | null {
  if (text.length === 0) return null;
  if (!/json/i.test(contentType ?? '')) return { text: `[${Buffer.byteLength(text)} bytes of ${contentType ?? 'unknown type'}, not kept]`, truncated: false };
  try {
    return storableJson(JSON.parse(text));
  } catch {
    return { text: `[${Buffer.byteLength(text)} bytes that are not valid JSON, not kept]`, truncated: false };
  }
}
