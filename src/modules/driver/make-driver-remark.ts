/**
 * POST /v1/driver/shipments/{id}/remarks: a remark with photos from the phone's camera in one call
 * (one queued action offline). Each photo is uploaded as the documents API uploads one (kind
 * `photo`, content sniffed, `shipment.document_added`), then the remark is made through the
 * remarks API's use case naming them: the same events and note versions as the API's two steps.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { assertPixelLimit, PHOTO_LIMIT } from '../../core/image-limits.js';
import type { Language } from '../../core/language.js';
import { uploadDocument } from '../documents/upload-document.js';
import { createRemark } from '../remarks/create-remark.js';
import type { RemarkView } from '../remarks/remark-view.js';
import { capturedAt } from './captured-at.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';

export const MAX_DRIVER_PHOTO_BYTES = 10 * 1024 * 1024;
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/]+={0,2})$/;

export interface DriverRemark {
  phase: 'pickup' | 'delivery';
  type: 'damage' | 'shortage' | 'delay' | 'other';
  text?: string;
  photos?: string[];
  captured_at?: string;
}

function photoBytes(dataUrl: string, i: number): Buffer {
  const match = DATA_URL.exec(dataUrl);
  const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
  if (!bytes || bytes.length === 0 || bytes.length > MAX_DRIVER_PHOTO_BYTES) {
    throw new AppError('validation_failed', 'Each photo must be an image data URL of at most 10 MiB.', { errors: [finding(`$.photos[${i}]`, 'invalid_format', { format: 'data:image/…;base64,…' })] });
  }
  // Every photo is judged before the first is stored, so a refused one leaves none behind.
  assertPixelLimit(bytes, PHOTO_LIMIT, `$.photos[${i}]`, 'photo');
  return bytes;
}

export async function makeDriverRemark(services: Services, request: DriverRequest, shipmentId: string, body: DriverRemark, language: Language): Promise<RemarkView> {
  const { ctx } = await findDriverShipment(services, request, shipmentId);
  const captured = capturedAt(ctx.clock, body.captured_at);
  const photos = (body.photos ?? []).map(photoBytes);
  const ids: string[] = [];
  for (const [i, bytes] of photos.entries()) ids.push((await uploadDocument(ctx, shipmentId, { kind: 'photo', filename: `remark-photo-${i + 1}`, bytes })).id);
  return createRemark(ctx, shipmentId, { phase: body.phase, type: body.type, text: body.text, photo_document_ids: ids, capturedAt: captured }, language);
}
