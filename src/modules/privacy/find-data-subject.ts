/**
 * Finds where a data subject appears in one organisation and mode (docs/privacy.md): the shipments
 * holding a record of them (a party, contact or driver, in the shipment's data or in one of its
 * disposal instructions: a new consignee not yet accepted, say) or a sign link sent to them, those
 * links, and the tours they drive. What a matched record reveals (a party's contact e-mail, a driver's
 * phone) joins what is known of them, and the search runs again until it learns nothing new.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { recipientHash } from '../notifications/recipient-privacy.js';
import { identitySize, isObj, isSubjects, normEmail, normPhone, personRecords, searchTerms, seedIdentity, type Identity, type PersonRecord, type Subject } from './data-subject.js';
import { selectInstructionsMentioning, selectRequestsByHash, selectShipmentsMentioning, selectToursOfPhones, type ShipmentPersonalRow } from './privacy.repository.js';

/** A chain of learning longer than this (e-mail → phone → e-mail …) is not a person any more. */
const MAX_PASSES = 4;

export type RequestRow = Awaited<ReturnType<typeof selectRequestsByHash>>[number];
export type TourRow = Awaited<ReturnType<typeof selectToursOfPhones>>[number];

export interface FoundSubject {
  identity: Identity;
  /** Keyed hashes of the subject's addresses, as notifications and sign links keep recipients. */
  hashes: string[];
  shipments: ShipmentPersonalRow[];
  requests: RequestRow[];
  tours: TourRow[];
}

function learn(identity: Identity, record: PersonRecord): void {
  const add = (node: unknown) => {
    if (!isObj(node)) return;
    if (typeof node.email === 'string') identity.emails.add(normEmail(node.email));
    if (typeof node.phone === 'string') identity.phones.add(normPhone(node.phone));
  };
  add(record.node);
  if (record.kind === 'party') add(record.node.contact);
}

export function recipientHashes(secret: string, identity: Identity): string[] {
  return [...[...identity.emails].map((e) => recipientHash(secret, 'email', e)), ...[...identity.phones].map((p) => recipientHash(secret, 'sms', p))];
}

/** The subject's records in the caller's organisation and mode; `forUpdate` locks the shipments for an erasure. */
export async function findDataSubject(db: Database, ctx: TenantContext, subject: Subject, forUpdate: boolean): Promise<FoundSubject> {
  const identity = seedIdentity(subject);
  for (let pass = 1; ; pass++) {
    const known = identitySize(identity);
    const hashes = recipientHashes(ctx.secrets.urls, identity);
    const requests = await selectRequestsByHash(db, ctx, hashes);
    const terms = searchTerms(subject, identity);
    const named = new Set(requests.map((r) => r.shipment_id));
    for (const instruction of await selectInstructionsMentioning(db, ctx, terms)) {
      const records = personRecords({ delivery: instruction.delivery, consignee: instruction.consignee }).filter((r) => isSubjects(subject, identity, r));
      for (const record of records) learn(identity, record);
      if (records.length > 0) named.add(instruction.shipment_id);
    }
    const rows = await selectShipmentsMentioning(db, ctx, terms, [...named], forUpdate);
    const shipments = rows.filter((row) => {
      const records = personRecords(row.data).filter((r) => isSubjects(subject, identity, r));
      for (const record of records) learn(identity, record);
      return records.length > 0 || named.has(row.id);
    });
    const tours = await selectToursOfPhones(db, ctx, [...identity.phones]);
    if (identitySize(identity) === known || pass === MAX_PASSES) return { identity, hashes: recipientHashes(ctx.secrets.urls, identity), shipments, requests, tours };
  }
}
