/**
 * GET /v1/sign/{token}/copy, the done page and the used link's page: the signer's copy — the
 * sealed version of the note their signature made, and for the consignee the proof of delivery
 * (rendered here if nobody asked for it yet) — each as a signed download link (documents'
 * /files mechanism, no key), valid the usual 15 minutes but never past the copy period.
 */
import { LANGUAGES } from '../../core/language.js';
import { zoneAbbreviations } from '../../core/local-time.js';
import type { Services, TenantContext } from '../../core/context.js';
import { DEFAULT_LINK_SECONDS } from '../documents/document.schema.js';
import { createDownloadUrl } from '../documents/create-download-url.js';
import { selectDocument } from '../documents/documents.repository.js';
import { proofOfDeliveryPdf } from '../pod/proof-of-delivery-pdf.js';
import { noteZones, signatureZone } from '../documents/consignment-note/note-zones.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { SignerCopyView } from './signer-copy.schema.js';
import { openSignerCopy, type OpenSignerCopy } from './open-signer-copy.js';

async function downloadLink(ctx: TenantContext, documentId: string, until: Date) {
  const left = Math.floor((until.getTime() - ctx.clock.now().getTime()) / 1000);
  return createDownloadUrl(ctx, documentId, Math.max(1, Math.min(DEFAULT_LINK_SECONDS, left)));
}

/** The copy of an opened link. Raises `pdf_render_failed` and `service_unavailable` when the proof of delivery must be rendered and cannot be. */
export async function signerCopyView({ ctx, request, signature, expiresAt }: OpenSignerCopy): Promise<SignerCopyView> {
  const shipment = await findShipment(ctx.db, ctx, request.shipment_id);
  const note = (await selectDocument(ctx.db, ctx, signature.rendered_document_id))!;
  const noteLink = await downloadLink(ctx, note.id, expiresAt);
  let pod: SignerCopyView['proof_of_delivery'] = null;
  // The proof of delivery is the consignee's: their signature is what it proves.
  if (signature.role === 'consignee' && shipment.status === 'delivered') {
    const { document } = await proofOfDeliveryPdf(ctx, shipment.id, LANGUAGES.find((l) => l === request.language) ?? 'en');
    const podLink = await downloadLink(ctx, document.id, expiresAt);
    pod = { document_id: document.id, sha256: document.sha256, url: podLink.url, url_expires_at: podLink.expires_at };
  }
  const zone = signatureZone(noteZones(shipment.data), signature.role);
  return {
    signature_id: signature.id,
    role: signature.role,
    signer_name: signature.signer_name,
    signed_at: signature.signed_at.toISOString(),
    copy_expires_at: expiresAt.toISOString(),
    time_zone: zone,
    time_zone_names: zoneAbbreviations(zone, signature.signed_at),
    shipment: { id: shipment.id, reference: shipment.reference },
    consignment_note: { document_id: note.id, version: note.version, sha256: note.sha256, url: noteLink.url, url_expires_at: noteLink.expires_at },
    proof_of_delivery: pod,
  };
}

/** Raises what openSignerCopy and signerCopyView raise. */
export async function getSignerCopy(services: Services, token: string, requestId: string, copyDays: number): Promise<SignerCopyView> {
  return signerCopyView(await openSignerCopy(services, token, requestId, copyDays));
}
