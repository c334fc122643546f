/**
 * Identifiers: a type prefix and a ULID (DESIGN, Identifiers). The time part of the ULID comes from
 * the injected clock, so ids sort in creation order and keyset pagination can walk them.
 */
import { systemClock } from './clock.js';
import { ulid } from './ulid.js';

export const ID_PREFIXES = {
  organization: 'org',
  api_key: 'key',
  request: 'req',
  job: 'job',
  shipment: 'shp',
  event: 'evt',
  document: 'doc',
  signature: 'sig',
  signature_request: 'sgr',
  identification: 'idn',
  notification: 'ntf',
  remark: 'rmk',
  disposal_instruction: 'dsp',
  inspection_view: 'ivw',
  invoice: 'inv',
  credit_note: 'crn',
  webhook_endpoint: 'we',
  webhook_delivery: 'wd',
  tour: 'tour',
  efti_follow_up: 'efu',
  delegation: 'dlg',
  contact_message: 'ctc',
  test_clock: 'clk',
  audit_event: 'aud',
  checkpoint: 'ckp',
  user: 'usr',
  console_session: 'ses',
  invitation: 'ivt',
  erasure: 'era',
  driver_session: 'drs',
  export: 'exp',
  provider_routing_rule: 'prr',
  provider_handover: 'pho',
  provider_review: 'pwr',
  shipment_template: 'stpl',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ULID_BODY = '[0-7][0-9A-HJKMNP-TV-Z]{25}';

/** The pattern an id of `kind` must match, e.g. `^doc_[0-7][0-9A-HJKMNP-TV-Z]{25}$`. */
export function idPattern(kind: IdKind): string {
  return `^${ID_PREFIXES[kind]}_${ULID_BODY}$`;
}

const ID_PATTERNS = new Set(Object.keys(ID_PREFIXES).map((k) => idPattern(k as IdKind)));

/** True for the pattern of one of our identifiers: a schema failure on it is `invalid_id`. */
export function isIdPattern(pattern: unknown): boolean {
  return typeof pattern === 'string' && ID_PATTERNS.has(pattern);
}

/**
 * An id made at `now`, but never later than the real time: a sandbox test clock advanced into the
 * future (docs/sandbox-test-clocks.md) would otherwise carry the process's monotonic ULID sequence
 * with it, and every id minted after, live ones too, would sort after other processes' ids.
 */
export function newId(kind: IdKind, now: Date): string {
  return `${ID_PREFIXES[kind]}_${ulid(Math.min(now.getTime(), systemClock.now().getTime()))}`;
}

