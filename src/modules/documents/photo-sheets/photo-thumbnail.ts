/**
 * A photo's thumbnail for a PDF, made in the render thread (never on the event loop): decoded by
 * sharp (libvips), turned upright by its EXIF orientation, shrunk to fit the sheet's cell at about
 * 150 dpi and saved as a JPEG of tens of kilobytes — a 50 MP original is never embedded.
 *
 * The size is judged from the header first (core/image-limits.ts), so a file declaring more
 * pixels than a photo may have is never decoded. What cannot be decoded — HEIC, whose HEVC codec
 * libvips is not built with, a damaged or unknown file — has no thumbnail: the sheet prints a
 * labelled placeholder with the hash instead, and the render goes on.
 */
import sharp from 'sharp';
import { imageDimensions } from '../../../core/image-dimensions.js';
import { PHOTO_LIMIT, withinLimit } from '../../../core/image-limits.js';

// Two cores are shared by every render thread: each decodes with one, and keeps no cache between jobs.
sharp.concurrency(1);
sharp.cache(false);

/** The longest side of a thumbnail, in pixels: a sheet cell is about 260 points wide. */
export const THUMBNAIL_SIDE = 540;

export interface Thumbnail {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

export async function photoThumbnail(bytes: Uint8Array | undefined): Promise<Thumbnail | undefined> {
  const size = bytes && imageDimensions(bytes);
  if (!bytes || !size || !withinLimit(size, PHOTO_LIMIT)) return undefined;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_LIMIT.maxPixels, sequentialRead: true })
      .rotate()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}
