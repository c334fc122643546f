/**
 * Sandbox `remark`: a remark through the real use case (create-remark.ts: `remark.created` chained,
 * the next note version rendered with it in its box). With `photo`, a generated PNG is uploaded to
 * the shipment first through the real upload (sniffed, stored, `shipment.document_added`) and named
 * by the remark, as an integrator's photo would be. The phase is checked before the upload, so a
 * refused remark leaves no photo behind.
 */
import type { TenantContext } from '../../core/context.js';
import { uploadDocument } from '../documents/upload-document.js';
import { createRemark, type NewRemark } from '../remarks/create-remark.js';
import { assertRemarkable } from '../remarks/remark-rules.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { SimulationCaller } from './simulate-signature.js';
import { simulatedPhoto } from './simulated-photo.js';
import type { PerformedStep } from './simulation.schema.js';

export interface SimulatedRemark {
  phase: NewRemark['phase'];
  type: NewRemark['type'];
  text?: string;
  photo?: boolean;
}

/** Raises what createRemark raises: `invalid_state`, `shipment_immutable`, `pdf_render_failed`. */
export async function simulateRemark(ctx: TenantContext, shipmentId: string, input: SimulatedRemark, caller: SimulationCaller): Promise<PerformedStep> {
  const shipment = await findShipment(ctx.db, ctx, shipmentId);
  let photoId: string | undefined;
  if (input.photo) {
    assertRemarkable(shipment, input.phase);
    photoId = (await uploadDocument(ctx, shipment.id, { kind: 'photo', filename: 'simulated-photo.png', bytes: simulatedPhoto() })).id;
  }
  const remark = await createRemark(ctx, shipment.id, { phase: input.phase, type: input.type, text: input.text, photo_document_ids: photoId ? [photoId] : undefined }, caller.language);
  return {
    step: 'remark',
    status: shipment.status,
    remark_id: remark.id,
    ...(photoId ? { photo_document_id: photoId } : {}),
    rendered_document_id: remark.rendered_document_id,
  };
}
