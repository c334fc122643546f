/**
 * A remark photo as a page shows it: a JPEG of at most THUMBNAIL_SIDE pixels a side, turned
 * upright by its EXIF orientation and without its metadata (a phone's photo carries where it was
 * taken; the page needs only the picture). sharp (libvips) decodes and scales on its own threads,
 * never on the event loop, and JPEG is shrunk while it is decoded, so a 50-megapixel photo costs
 * tens of milliseconds. A photo it cannot decode (HEIC: sharp's prebuilt libvips has no HEVC
 * decoder) is served as stored, for browsers that show it, and the page constrains its size.
 */
import { PHOTO_LIMIT } from '../../core/image-limits.js';

export const THUMBNAIL_SIDE = 480;

export interface Picture {
  body: Buffer;
  contentType: string;
}

export async function photoThumbnail(original: Picture): Promise<Picture> {
  // Loaded with the first photo shown, not at start: libvips' binding costs the start a tenth of a second.
  const { default: sharp } = await import('sharp');
  try {
    const body = await sharp(original.body, { limitInputPixels: PHOTO_LIMIT.maxPixels, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return { body, contentType: 'image/jpeg' };
  } catch {
    return original;
  }
}
