/**
 * GET /v1/shipments/{id}/pod with `Accept: application/pdf`: the proof of delivery as one sealed
 * file — its page, then the reservations' photos as thumbnails — kept as a document of kind `pod`.
 * The photos are read from the object store before the render; the render thread shrinks them. It is rendered once, at the first request — a delivered
 * shipment no longer changes, so neither does its proof — and that same file is served after. Two
 * first requests racing both render, but only one document commits (unique per shipment); the
 * other serves the winner's. A render that fails is 500 `pdf_render_failed` with nothing stored.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import type { Language } from '../../core/language.js';
import { isUniqueViolation, writeAsOneStatement } from '../../ports/database.js';
import { noteLanguage } from '../documents/consignment-note-version.js';
import { noteZones } from '../documents/consignment-note/note-zones.js';
import { documentObjectKey } from '../documents/document-keys.js';
import { renderSealedPdf } from '../documents/rendering/render-sealed-pdf.js';
import { insertDocumentWrite, selectDocuments, type DocumentRow } from '../documents/documents.repository.js';
import { readPhotoEvidence, remarkPhotos } from '../remarks/photo-evidence.js';
import { printedMethod } from '../signatures/note-signatures.js';
import { usageWrite } from '../usage/record-usage.js';
import { unsignedStopReservation } from '../remarks/note-reservations.js';
import { deliveryParties, podFacts, type PodFacts } from './pod-facts.js';
import { addressLine, podLegs } from './pod-legs.js';
import type { PodPdfInput } from './render-proof-of-delivery.js';

async function pdfInput(ctx: TenantContext, facts: PodFacts, documentId: string, language: Language, now: Date): Promise<PodPdfInput> {
  const { shipment, signature, note } = facts;
  const parties = deliveryParties(shipment);
  const image = signature.image_object_key ? (await ctx.objects.get(signature.image_object_key))?.body : undefined;
  const photos = await readPhotoEvidence(ctx, shipment.id);
  return {
    shipment_id: shipment.id,
    reference: shipment.reference,
    document_id: documentId,
    language: noteLanguage(shipment, language),
    rendered_at: now,
    consignee: parties.consignee,
    delivered_at: shipment.delivered_at ?? signature.signed_at,
    place: addressLine(parties.address),
    position: signature.location,
    signature: { signer_name: signature.signer_name, signed_at: signature.signed_at, captured_at: signature.captured_at, method: printedMethod(signature), level: signature.level, document_id: signature.document_id, document_sha256: signature.document_sha256, image_png: image },
    legs: podLegs(shipment, facts.signatures, facts.remarks).map((leg) => ({
      carrier: leg.carrier,
      taken_over_at: leg.taken_over_at,
      place: leg.place,
      reservations: leg.reservations.map((r) => ({ type: r.type, text: r.text })),
    })),
    remarks: [
      ...facts.remarks.map((r) => ({ id: r.id, phase: r.phase, type: r.type, text: r.text, created_at: r.created_at, captured_at: r.captured_at, photos: remarkPhotos(r, photos) })),
      // A stop closed without its signatures prints as a reservation of its phase, as on the note.
      ...facts.unsignedStops.map((u) => ({ ...unsignedStopReservation(u, u.created_at, noteLanguage(shipment, language)), captured_at: new Date(u.captured_at), photos: [] })),
    ],
    note: { document_id: note.id, version: note.version, sha256: note.sha256 },
    chain: { seq: shipment.event_seq, hash: shipment.head_hash },
    zones: noteZones(shipment.data),
  };
}

async function storedBytes(ctx: TenantContext, document: DocumentRow): Promise<{ document: DocumentRow; body: Buffer }> {
  const stored = await ctx.objects.get(document.object_key);
  if (!stored) throw new Error(`the bytes of document ${document.id} are missing from the object store`);
  return { document, body: stored.body };
}

/** Raises `not_found`, `pod_not_available`, `pdf_render_failed` and `service_unavailable` (render queue full). */
export async function proofOfDeliveryPdf(ctx: TenantContext, shipmentId: string, language: Language): Promise<{ document: DocumentRow; body: Buffer }> {
  const facts = await podFacts(ctx, shipmentId);
  if (facts.pdf) return storedBytes(ctx, facts.pdf);

  const now = ctx.clock.now();
  const id = newId('document', now);
  const input = await pdfInput(ctx, facts, id, language, now);
  const { body, sha256 } = await renderSealedPdf(
    ctx,
    { kind: 'proof_of_delivery', input, seal: { at: now, reason: `Proof of delivery ${facts.shipment.id}`, location: 'EU' } },
    'The proof of delivery could not be rendered; nothing was stored. Retry the request.',
  );
  const key = documentObjectKey(ctx, facts.shipment.id, id, 'pdf');
  await ctx.objects.put(key, body, { contentType: 'application/pdf' });
  const document: DocumentRow = {
    id,
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    shipment_id: facts.shipment.id,
    kind: 'pod',
    version: 1,
    content_type: 'application/pdf',
    size: body.length,
    sha256,
    filename: `pod-${facts.shipment.id}.pdf`,
    object_key: key,
    // The consignee's signature delivered the shipment: it is what this proof proves.
    cause_event_id: facts.signature.event_id,
    cause_event_type: 'signature.completed',
    language: input.language,
    created_at: now,
    deleted_at: null,
  };
  try {
    await writeAsOneStatement(ctx.db, [insertDocumentWrite(ctx.db, document), usageWrite(ctx.db, ctx, 'storage_bytes', now, body.length)]);
  } catch (error) {
    if (!isUniqueViolation(error, 'documents_pod')) throw error;
    await ctx.objects.delete(key).catch(() => undefined);
    const [winner] = await selectDocuments(ctx.db, ctx, { shipmentId: facts.shipment.id, kind: 'pod', order: 'asc', limit: 1 });
    return storedBytes(ctx, winner!);
  }
  return { document, body };
}
