/**
 * Photos taken with a remark on a phone — the driver's app and the signing page alike — arrive as
 * image data URLs in the remark's JSON body. Each is judged before the first is stored (at most
 * MAX_REMARK_PHOTO_BYTES decoded, PHOTO_LIMIT's pixels read from its header), so a refused photo
 * leaves none behind; each is then uploaded as the documents API uploads one (kind `photo`, media
 * type sniffed from the bytes: not an image is 415 `unsupported_media_type`).
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { assertPixelLimit, PHOTO_LIMIT } from '../../core/image-limits.js';
import { uploadDocument } from '../documents/upload-document.js';

export const MAX_REMARK_PHOTO_BYTES = 10 * 1024 * 1024;
/** Five photos of 10 MiB, base64 in JSON, with room for the rest of the body. */
export const REMARK_WITH_PHOTOS_BODY_LIMIT = 72 * 1024 * 1024;
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/]+={0,2})$/;

function photoBytes(dataUrl: string, i: number): Buffer {
  const match = DATA_URL.exec(dataUrl);
  const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
  if (!bytes || bytes.length === 0 || bytes.length > MAX_REMARK_PHOTO_BYTES) {
    throw new AppError('validation_failed', 'Each photo must be an image data URL of at most 10 MiB.', { errors: [finding(`$.photos[${i}]`, 'invalid_format', { format: 'data:image/…;base64,…' })] });
  }
  assertPixelLimit(bytes, PHOTO_LIMIT, `$.photos[${i}]`, 'photo');
  return bytes;
}

/** Judges every photo, then stores each as a `photo` document of the shipment; answers their ids in order. Raises `validation_failed`, `unsupported_media_type` and the upload's codes. */
export async function uploadRemarkPhotos(ctx: TenantContext, shipmentId: string, dataUrls: readonly string[]): Promise<string[]> {
  const photos = dataUrls.map(photoBytes);
  const ids: string[] = [];
  for (const [i, bytes] of photos.entries()) ids.push((await uploadDocument(ctx, shipmentId, { kind: 'photo', filename: `remark-photo-${i + 1}`, bytes })).id);
  return ids;
}
