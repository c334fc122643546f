/**
 * GET /v1/shipments/{id}/pod as JSON: the consignee and their signature with its evidence, the
 * time and place of delivery, each leg of the carriage (pod-legs.ts), every remark with its photos as signed download links, every photo
 * once more in one list (with its remark, capture time, hash, media type and pixel size), the
 * final note version and its SHA-256, and the head of the event chain.
 */
import type { TenantContext } from '../../core/context.js';
import { createDownloadUrl } from '../documents/create-download-url.js';
import { selectDocument } from '../documents/documents.repository.js';
import { storedImageSize } from '../documents/stored-image-size.js';
import type { RemarkRow } from '../remarks/remarks.repository.js';
import { remarkView } from '../remarks/remark-view.js';
import { signatureView } from '../signatures/signature-view.js';
import { deliveryParties, podFacts } from './pod-facts.js';
import { podLegs } from './pod-legs.js';

async function photoLinks(ctx: TenantContext, remark: RemarkRow) {
  const links = await Promise.all(
    remark.photo_document_ids.map(async (id) => {
      const document = await selectDocument(ctx.db, ctx, id);
      // A photo no longer stored (removed by retention) has nothing left to link to.
      if (!document) return undefined;
      const link = await createDownloadUrl(ctx, id);
      const size = await storedImageSize(ctx, document.object_key);
      return {
        document_id: id,
        remark_id: remark.id,
        // The device's time when the remark came with one (the driver's offline queue); else the upload's.
        captured_at: (remark.captured_at ?? document.created_at).toISOString(),
        content_type: document.content_type,
        sha256: document.sha256,
        width: size?.width ?? null,
        height: size?.height ?? null,
        url: link.url,
        url_expires_at: link.expires_at,
      };
    }),
  );
  return links.filter((link) => link !== undefined);
}

/** Raises `not_found` and `pod_not_available`. */
export async function getProofOfDelivery(ctx: TenantContext, shipmentId: string) {
  const facts = await podFacts(ctx, shipmentId);
  const { shipment, signature, note } = facts;
  const parties = deliveryParties(shipment);
  const remarks = await Promise.all(facts.remarks.map(async (r) => ({ ...remarkView(r), photos: await photoLinks(ctx, r) })));
  return {
    shipment_id: shipment.id,
    reference: shipment.reference,
    delivered_at: (shipment.delivered_at ?? signature.signed_at).toISOString(),
    delivery: { address: parties.address, coordinates: signature.location },
    consignee: { name: parties.consignee, signature: signatureView(signature) },
    legs: podLegs(shipment, facts.signatures, facts.remarks).map((leg) => ({
      ...leg,
      taken_over_at: leg.taken_over_at?.toISOString() ?? null,
      reservations: leg.reservations.map((r) => ({ remark_id: r.id, type: r.type, text: r.text, created_at: r.created_at.toISOString(), photo_document_ids: r.photo_document_ids })),
    })),
    remarks,
    photos: remarks.flatMap((r) => r.photos),
    unsigned_stops: facts.unsignedStops.map((s) => ({ kind: s.kind, missing: [...s.missing], reason: s.reason, text: s.text ?? null, captured_at: s.captured_at, recorded_at: s.created_at.toISOString(), event_id: s.event_id })),
    consignment_note: { document_id: note.id, version: note.version, sha256: note.sha256 },
    integrity: { seq: shipment.event_seq, hash: shipment.head_hash },
    document_id: facts.pdf?.id ?? null,
  };
}
