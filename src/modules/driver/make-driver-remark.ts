/**
 * POST /v1/driver/shipments/{id}/remarks: a remark with photos from the phone's camera in one call
 * (one queued action offline). Each photo is uploaded as the documents API uploads one (kind
 * `photo`, content sniffed, `shipment.document_added`), then the remark is made through the
 * remarks API's use case naming them: the same events and note versions as the API's two steps.
 * A `takeover` remark is the reservation of the successive carrier whose takeover stop is on the
 * driver's tour (CMR article 35), made before its driver signs the takeover.
 */
import type { Services } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { createRemark } from '../remarks/create-remark.js';
import { uploadRemarkPhotos } from '../remarks/remark-photo-uploads.js';
import type { RemarkView } from '../remarks/remark-view.js';
import { capturedAt } from './captured-at.js';
import { findDriverPickupShipment, findDriverShipment, findDriverStop, type DriverRequest } from './driver-work.js';

export interface DriverRemark {
  phase: 'pickup' | 'delivery' | 'takeover';
  type: 'damage' | 'shortage' | 'delay' | 'other';
  text?: string;
  photos?: string[];
  captured_at?: string;
}

export async function makeDriverRemark(services: Services, request: DriverRequest, shipmentId: string, body: DriverRemark, language: Language): Promise<RemarkView> {
  const takeover = body.phase === 'takeover' ? await findDriverStop(services, request, shipmentId, 'takeover') : undefined;
  const { ctx } = takeover ?? (body.phase === 'pickup' ? await findDriverPickupShipment(services, request, shipmentId) : await findDriverShipment(services, request, shipmentId));
  const captured = capturedAt(ctx.clock, body.captured_at);
  const carrier = takeover ? { successive_index: takeover.stop.successive_index } : {};
  const ids = await uploadRemarkPhotos(ctx, shipmentId, body.photos ?? []);
  return createRemark(ctx, shipmentId, { phase: body.phase, ...carrier, type: body.type, text: body.text, photo_document_ids: ids, capturedAt: captured }, language);
}
