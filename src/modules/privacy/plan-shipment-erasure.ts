/**
 * What an erasure changes in the shipments where the subject appears: their records in the
 * shipment's data, free text naming them, the signatures they gave (through a link sent to them,
 * or under the name of one of their records there), remarks made through their links, the chain
 * and feed events and webhook bodies mentioning them; and what is kept under a retention duty (the
 * sealed documents, signature images and trust-service evidence). Names are matched inside these
 * shipments only (data-subject.ts).
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { isSubjects, normText, personRecords, subjectAddresses, type Subject } from './data-subject.js';
import { addressValues, ERASED, eraseNeedles, eraseNeedlesAndPlaces, eraseRecords, eraseText, needlePattern, recordValues, type Needles } from './erase-values.js';
import { eraseChainEvent, eraseDisposalInstruction, eraseIdentification, eraseRemarkText, eraseShipment, eraseSignature } from './erased-records.repository.js';
import type { FoundSubject } from './find-data-subject.js';
import type { ErasurePlan } from './erasure-plan.js';
import { selectChainEventsOf, selectDisposalInstructionsOf, selectIdentificationsOf, selectRemarksOf, selectSealedDocumentsOf, selectSignaturesOf } from './privacy.repository.js';
import { eraseAfter, legalBasis } from './retention-policy.js';

/** Adds the shipments' locations and retained items to `plan`; returns what is searched for in each shipment, for its tours, feed events and webhook bodies. */
export async function planShipmentErasure(db: Database, ctx: TenantContext, subject: Subject, found: FoundSubject, plan: ErasurePlan): Promise<Map<string, Needles>> {
  const requestIds = new Set(found.requests.map((r) => r.id));
  const shipmentIds = found.shipments.map((s) => s.id);
  const signatures = await selectSignaturesOf(db, ctx, shipmentIds);
  const strong = [...found.identity.emails, ...found.identity.phones];
  const patterns = new Map<string, Needles>();
  /** Per shipment, the parties (`consignor`, `consignee`) whose record is the subject's: an instruction given as one of them is theirs. */
  const theirParties = new Map<string, Set<string>>();

  for (const row of found.shipments) {
    const data = structuredClone(row.data);
    const records = personRecords(data).filter((r) => isSubjects(subject, found.identity, r));
    // Taken before the records are erased: their copies elsewhere in the shipment are found by these.
    const addresses = subjectAddresses(subject, data, records);
    const values = [...strong, ...records.flatMap(recordValues), ...addresses.flatMap(addressValues)];
    theirParties.set(row.id, new Set(records.filter((r) => r.kind === 'party').map((r) => r.path)));
    const names = new Set(records.flatMap((r) => (typeof r.node.name === 'string' ? [normText(r.node.name)] : [])));
    const signed = signatures.filter((s) => s.shipment_id === row.id && ((s.signature_request_id !== null && requestIds.has(s.signature_request_id)) || names.has(normText(s.signer_name))));
    values.push(...signed.map((s) => s.signer_name));
    const pattern = needlePattern(values);
    const needles = { values, addresses };
    patterns.set(row.id, needles);
    plan.names.push(...values);
    plan.addresses.push(...addresses);

    const fields = eraseRecords(records);
    const text = eraseNeedles(data, needles);
    fields.push(...text.paths);
    const reason = row.cancellation_reason === null ? undefined : eraseText(row.cancellation_reason, pattern);
    if (reason !== undefined) fields.push('cancellation_reason');
    plan.add('shipment', row.id, fields, (trx) => eraseShipment(trx, ctx, row.id, text.value, reason));

    for (const s of signed) {
      const changed = [
        ...(s.signer_name !== ERASED ? ['signer_name'] : []),
        ...(['ip', 'user_agent', 'location', 'place'] as const).filter((f) => s[f] !== null),
      ];
      plan.signatures.add(s.id);
      plan.add('signature', s.id, changed, (trx) => eraseSignature(trx, ctx, s.id, ERASED));
      if (s.image_object_key) plan.retain({ resource: 'signature_image', resource_id: s.id, shipment_id: row.id, legal_basis: legalBasis('signature_image'), erase_after: eraseAfter(s.signed_at) });
      if (s.trust_signature) plan.retain({ resource: 'signature_evidence', resource_id: s.id, shipment_id: row.id, legal_basis: legalBasis('signature_evidence'), erase_after: eraseAfter(s.signed_at) });
    }
  }

  for (const r of await selectRemarksOf(db, ctx, shipmentIds)) {
    if (r.text === null) continue;
    const theirs = r.signature_request_id !== null && requestIds.has(r.signature_request_id);
    const text = theirs ? (r.text === ERASED ? undefined : ERASED) : eraseText(r.text, needlePattern(patterns.get(r.shipment_id)?.values ?? []));
    if (text !== undefined) plan.add('remark', r.id, ['text'], (trx) => eraseRemarkText(trx, ctx, r.id, text));
  }

  for (const d of await selectDisposalInstructionsOf(db, ctx, shipmentIds)) {
    const theirs = (d.signature_request_id !== null && requestIds.has(d.signature_request_id)) || theirParties.get(d.shipment_id)?.has(d.instructing_party) === true;
    planInstructionErasure(subject, found, d, theirs, patterns.get(d.shipment_id), plan, ctx);
  }

  for (const e of await selectChainEventsOf(db, ctx, shipmentIds)) {
    const erased = eraseNeedlesAndPlaces(e.data, patterns.get(e.shipment_id), plan.signatures);
    plan.eventPatterns.set(e.event_id, patterns.get(e.shipment_id));
    plan.add('shipment_event', e.event_id, erased.paths.map((p) => `data.${p}`), (trx, now) => eraseChainEvent(trx, ctx, e.shipment_id, e.seq, erased.value, now));
  }

  for (const i of await selectIdentificationsOf(db, ctx, [...requestIds])) {
    const fields = [...(i.signer_name_hash !== ERASED ? ['signer_name_hash'] : []), ...(i.certificate !== null ? ['certificate'] : []), ...(i.activation_sealed !== null ? ['activation_sealed'] : [])];
    plan.add('sign_identification', i.id, fields, (trx) => eraseIdentification(trx, ctx, i.id, ERASED));
  }

  for (const d of await selectSealedDocumentsOf(db, ctx, shipmentIds)) {
    plan.retain({ resource: 'document', resource_id: d.id, shipment_id: d.shipment_id, legal_basis: legalBasis('document', d.kind), erase_after: eraseAfter(d.created_at) });
  }
  return patterns;
}

type InstructionRow = Awaited<ReturnType<typeof selectDisposalInstructionsOf>>[number];

/**
 * A disposal instruction (docs/right-of-disposal.md) loses the subject's values: their records in
 * what it instructed (a new consignee, the contact at a new place) as a shipment's records, then
 * their values and addresses wherever they occur, its text included. One they gave (through their
 * sign link, or as the party whose record is theirs) also loses its IP address and user agent, as a
 * signature does. Nothing is retained from the row: the note version that printed an accepted
 * instruction (box 13) is a sealed document, kept under its own duty, and the chain keeps the
 * instruction's `evidence_sha256`, which never named anyone.
 */
function planInstructionErasure(subject: Subject, found: FoundSubject, d: InstructionRow, theirs: boolean, shipment: Needles | undefined, plan: ErasurePlan, ctx: TenantContext): void {
  const instructed = structuredClone({ delivery: d.delivery, consignee: d.consignee });
  const records = personRecords(instructed).filter((r) => isSubjects(subject, found.identity, r));
  const addresses = subjectAddresses(subject, instructed, records);
  const needles = { values: [...(shipment?.values ?? []), ...records.flatMap(recordValues), ...addresses.flatMap(addressValues)], addresses: [...(shipment?.addresses ?? []), ...addresses] };
  plan.names.push(...records.flatMap(recordValues));
  plan.addresses.push(...addresses);
  const fields = eraseRecords(records);
  const erased = eraseNeedles(instructed, needles);
  fields.push(...erased.paths);
  const text = d.text === null ? undefined : eraseText(d.text, needlePattern(needles.values));
  if (text !== undefined) fields.push('text');
  const evidence = theirs ? (['ip', 'user_agent'] as const).filter((f) => d[f] !== null) : [];
  fields.push(...evidence);
  const value = erased.value as typeof instructed;
  plan.add('disposal_instruction', d.id, [...new Set(fields)], (trx) => eraseDisposalInstruction(trx, ctx, d.id, { delivery: value.delivery, consignee: value.consignee, text: text ?? d.text }, evidence.length > 0));
}
