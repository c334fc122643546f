/**
 * How many pixels an image may have, judged from its header (./image-dimensions.ts) before
 * anything decodes it: decoding costs memory and time by pixels, not by bytes, so a small file
 * can otherwise tie up a render thread for half a minute (docs/signatures.md, docs/remarks.md).
 *
 * - A drawn signature is decoded into every PDF that prints it: at most 4 megapixels and 4,096
 *   pixels a side — a signature pad at three device pixels per CSS pixel stays far below.
 * - A photo (or an attachment that is an image) is stored and served, never decoded here, but
 *   whoever opens it decodes it: at most 50 megapixels and 16,384 pixels a side, which a phone's
 *   full-resolution picture (48 or 50 MP) and a panorama fit.
 */
import { AppError } from './errors.js';
import { finding, registerFindingMessages } from './findings.js';
import { imageDimensions, type ImageDimensions } from './image-dimensions.js';

export interface PixelLimit {
  maxPixels: number;
  maxSide: number;
}

export const SIGNATURE_IMAGE_LIMIT: PixelLimit = { maxPixels: 4_000_000, maxSide: 4096 };
export const PHOTO_LIMIT: PixelLimit = { maxPixels: 50_000_000, maxSide: 16_384 };

registerFindingMessages({
  image_too_large: {
    en: (p) => `The image is ${String(p.width)}×${String(p.height)} pixels: at most ${String(p.max_pixels)} pixels and ${String(p.max_side)} a side are accepted.`,
    nl: (p) => `De afbeelding is ${String(p.width)}×${String(p.height)} pixels: hoogstens ${String(p.max_pixels)} pixels en ${String(p.max_side)} per zijde worden aanvaard.`,
    de: (p) => `Das Bild hat ${String(p.width)}×${String(p.height)} Pixel: höchstens ${String(p.max_pixels)} Pixel und ${String(p.max_side)} je Seite werden angenommen.`,
    fr: (p) => `L'image fait ${String(p.width)}×${String(p.height)} pixels : au plus ${String(p.max_pixels)} pixels et ${String(p.max_side)} par côté sont acceptés.`,
  },
});

export function withinLimit(size: ImageDimensions, limit: PixelLimit): boolean {
  return size.width <= limit.maxSide && size.height <= limit.maxSide && size.width * size.height <= limit.maxPixels;
}

/**
 * Raises 422 `validation_failed` with an `image_too_large` finding on `path` when the header
 * declares more pixels than `limit`. A header that cannot be read passes here: callers that
 * decode the image refuse that themselves (a drawn signature must be a PNG with its IHDR).
 */
export function assertPixelLimit(bytes: Uint8Array, limit: PixelLimit, path: string, what: string): void {
  const size = imageDimensions(bytes);
  if (!size || withinLimit(size, limit)) return;
  throw new AppError('validation_failed', `The ${what} is ${size.width}×${size.height} pixels; at most ${limit.maxPixels} pixels and ${limit.maxSide} a side are accepted.`, {
    errors: [finding(path, 'image_too_large', { width: size.width, height: size.height, max_pixels: limit.maxPixels, max_side: limit.maxSide })],
  });
}

/** The bytes when their header declares a size within `limit`; undefined when it does not or cannot be read (what a renderer skips). */
export function embeddable(bytes: Uint8Array | undefined, limit: PixelLimit): Uint8Array | undefined {
  const size = bytes && imageDimensions(bytes);
  return size && withinLimit(size, limit) ? bytes : undefined;
}
