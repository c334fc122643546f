/**
 * The data subject of an erasure (docs/privacy.md): how it was named, what is known of it, and how
 * a record of a person in a shipment (a party, a contact, a driver) is recognised as theirs.
 *
 * Invariant: an e-mail address or a phone number identifies a person across the organisation; a
 * name alone never does (namesakes). A name is only matched together with an address (a party or
 * the contact of a stop or party at that address), or inside a shipment where the subject was
 * already found by one of the strong identifiers (its signers, its free text).
 */
import { AppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import type { ErasureSubject, SubjectKind } from './privacy.schema.js';

export interface SubjectAddress {
  street: string;
  postal_code?: string;
  city: string;
  country: string;
}

export type Subject =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'name_address'; name: string; address: SubjectAddress }
  | { kind: 'party_reference'; reference: string };

/** The subject's e-mail addresses and phone numbers, normalised: grows as matched records reveal more. */
export interface Identity {
  emails: Set<string>;
  phones: Set<string>;
}

export const normEmail = (s: string) => s.trim().toLowerCase();
export const normPhone = (s: string) => s.replace(/[^\d+]/g, '');
export const normText = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const normPostal = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Exactly one way of naming the subject, or 422 `validation_failed` with a finding on `subject`. */
export function parseSubject(body: ErasureSubject): Subject {
  const ways: SubjectKind[] = [];
  if (body.email !== undefined) ways.push('email');
  if (body.phone !== undefined) ways.push('phone');
  if (body.name !== undefined || body.address !== undefined) ways.push('name_address');
  if (body.party_reference !== undefined) ways.push('party_reference');
  const refuse = (path: string, message: string): never => {
    const finding: Finding = { path, code: 'invalid', message };
    throw new AppError('validation_failed', 'The data subject is empty or ambiguous; see errors.', { errors: [finding] });
  };
  if (ways.length === 0) refuse('$.subject', 'Name the data subject by one of email, phone, name with address, or party_reference.');
  if (ways.length > 1) refuse('$.subject', `Name the data subject one way only, not by ${ways.join(' and ')}.`);
  if (body.party_reference !== undefined && body.party_reference.trim() === '') refuse('$.subject.party_reference', 'Must not be blank.');
  if (body.email !== undefined) return { kind: 'email', email: normEmail(body.email) };
  if (body.phone !== undefined) return { kind: 'phone', phone: normPhone(body.phone) };
  if (body.party_reference !== undefined) return { kind: 'party_reference', reference: body.party_reference.trim() };
  if (body.name === undefined || body.name.trim() === '') return refuse('$.subject.name', 'A name needs an address to tell the person from namesakes, and must not be blank.');
  if (body.address === undefined) return refuse('$.subject.address', 'A name alone is ambiguous: give the address it is known at.');
  return { kind: 'name_address', name: body.name, address: body.address };
}

export function seedIdentity(subject: Subject): Identity {
  return {
    emails: new Set(subject.kind === 'email' ? [subject.email] : []),
    phones: new Set(subject.kind === 'phone' ? [subject.phone] : []),
  };
}

export const identitySize = (identity: Identity) => identity.emails.size + identity.phones.size;

/** The text a prefilter looks for in stored JSON: the subject's own values and what is known of it. */
export function searchTerms(subject: Subject, identity: Identity): string[] {
  // Spacing folded: the record check (isSubjects) ignores it too; a name or a street finds the candidates.
  const fold = (v: string) => v.trim().replace(/\s+/g, ' ');
  const own = subject.kind === 'name_address' ? [fold(subject.name), fold(subject.address.street)] : subject.kind === 'party_reference' ? [subject.reference] : [];
  return [...new Set([...own, ...identity.emails, ...identity.phones])];
}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The stored address is the wanted one: street, city and country alike (case and spacing ignored), and the postal code when both have one. */
export function addressMatches(stored: unknown, wanted: SubjectAddress | Obj): boolean {
  if (!isObj(stored) || typeof wanted.street !== 'string' || typeof wanted.city !== 'string' || typeof wanted.country !== 'string') return false;
  const same = (a: unknown, b: string) => typeof a === 'string' && normText(a) === normText(b);
  if (!same(stored.street, wanted.street) || !same(stored.city, wanted.city) || str(stored.country) !== wanted.country) return false;
  const postal = str(stored.postal_code);
  const wantedPostal = str(wanted.postal_code);
  return postal === undefined || wantedPostal === undefined || normPostal(postal) === normPostal(wantedPostal);
}

/** A record of a person in a shipment's data, with where it is and the address it is known at. */
export interface PersonRecord {
  path: string;
  kind: 'party' | 'contact' | 'driver';
  node: Obj;
  address?: unknown;
}

export const PARTY_FIELDS = ['consignor', 'consignee', 'carrier', 'principal'] as const;

/** Every party, contact and driver of a shipment's data (service description, Resources). */
export function personRecords(data: Obj): PersonRecord[] {
  const out: PersonRecord[] = [];
  const party = (path: string, node: unknown) => {
    if (!isObj(node)) return;
    out.push({ path, kind: 'party', node, address: node.address });
    if (isObj(node.contact)) out.push({ path: `${path}.contact`, kind: 'contact', node: node.contact, address: node.address });
  };
  for (const field of PARTY_FIELDS) party(field, data[field]);
  if (Array.isArray(data.successive_carriers)) data.successive_carriers.forEach((p, i) => party(`successive_carriers[${i}]`, p));
  for (const stop of ['pickup', 'delivery']) {
    const s = data[stop];
    if (isObj(s) && isObj(s.contact)) out.push({ path: `${stop}.contact`, kind: 'contact', node: s.contact, address: s.address });
  }
  if (isObj(data.driver)) out.push({ path: 'driver', kind: 'driver', node: data.driver });
  return out;
}

/** The node's e-mail address or phone number is one of the subject's. */
function reachesThem(identity: Identity, node: Obj): boolean {
  const email = str(node.email);
  const phone = str(node.phone);
  return (email !== undefined && identity.emails.has(normEmail(email))) || (phone !== undefined && identity.phones.has(normPhone(phone)));
}

/**
 * A party that is the person at home: its contact reaches the subject and names no one else (no
 * name, or the party's own), as a private consignee is entered. A company whose contact person is
 * the subject stays: its name and address are not the person's.
 */
function isPrivateParty(identity: Identity, party: Obj): boolean {
  const contact = party.contact;
  if (!isObj(contact) || !reachesThem(identity, contact)) return false;
  return typeof contact.name !== 'string' || (typeof party.name === 'string' && normText(contact.name) === normText(party.name));
}

/**
 * The postal addresses of the subject in one shipment's data, as stored (before erasure): those of
 * their parties; the address of a stop whose person on site is theirs; and, named by name and
 * address, the address given. A stop's or the given address that is the address of a party not
 * theirs is a company's site, not theirs, and stays.
 */
export function subjectAddresses(subject: Subject, data: Obj, records: readonly PersonRecord[]): Obj[] {
  const parties = records.filter((r) => r.kind === 'party');
  const others = personRecords(data).filter((r) => r.kind === 'party' && !parties.some((p) => p.path === r.path));
  const candidates: unknown[] = [];
  for (const field of ['pickup', 'delivery']) if (records.some((r) => r.path === `${field}.contact`) && isObj(data[field])) candidates.push((data[field] as Obj).address);
  if (subject.kind === 'name_address') candidates.push({ ...subject.address });
  const out = parties.map((p) => p.address).filter(isObj);
  for (const a of candidates) if (isObj(a) && !others.some((o) => addressMatches(o.address, a))) out.push(a);
  return out.map((a) => structuredClone(a));
}

/** True when the record is the subject's (see the invariant above). */
export function isSubjects(subject: Subject, identity: Identity, record: PersonRecord): boolean {
  const { node } = record;
  if (record.kind === 'party') {
    if (subject.kind === 'party_reference' && str(node.reference)?.trim() === subject.reference) return true;
    if (subject.kind === 'name_address' && typeof node.name === 'string' && normText(node.name) === normText(subject.name) && addressMatches(node.address, subject.address)) return true;
    return isPrivateParty(identity, node);
  }
  if (reachesThem(identity, node)) return true;
  return (
    subject.kind === 'name_address' &&
    record.kind === 'contact' &&
    typeof node.name === 'string' &&
    normText(node.name) === normText(subject.name) &&
    addressMatches(record.address, subject.address)
  );
}
