/**
 * The pixel size of a PNG, JPEG, WebP or HEIC/AVIF image, read from its header without decoding a
 * pixel: a 16 KB PNG can declare 10,000×10,000 pixels, which decoding would expand to 400 MB, so
 * the size is judged before anything decodes it (./image-limits.ts). Each reader looks only at the
 * bytes the format puts its size in and never reads past the buffer; anything it does not
 * recognise is `undefined`, and the caller decides what an unreadable header means.
 *
 * - PNG: the IHDR chunk, which the format requires first.
 * - JPEG: the first SOFn segment before the scan (segments are skipped by their length, so an
 *   EXIF thumbnail inside APP1 is never taken for the image).
 * - WebP: the VP8 (lossy), VP8L (lossless) or VP8X (extended: the canvas) chunk.
 * - HEIC/AVIF (ISO BMFF): every `ispe` property of the `meta` box; the largest width and height
 *   count, as a grid image's tiles and thumbnails have their own.
 */

export interface ImageDimensions {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (PNG_SIGNATURE.every((v, i) => b[i] === v)) return pngDimensions(b);
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegDimensions(b);
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return webpDimensions(b);
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') return bmffDimensions(b);
  return undefined;
}

function pngDimensions(b: Buffer): ImageDimensions | undefined {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** SOF0–SOF15 carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegDimensions(b: Buffer): ImageDimensions | undefined {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    // Fill bytes (FF FF …) pad between segments; markers without a length (RSTn, TEM) stand alone.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // The scan (or the image's end) before any frame header: nothing to read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return undefined;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webpDimensions(b: Buffer): ImageDimensions | undefined {
  const chunk = b.toString('latin1', 12, 16);
  const data = 20;
  if (chunk === 'VP8 ' && b.length >= data + 10) {
    // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return undefined;
    return { width: b.readUInt16LE(data + 6) & 0x3fff, height: b.readUInt16LE(data + 8) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= data + 5) {
    if (b[data] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= data + 10) {
    return { width: b.readUIntLE(data + 4, 3) + 1, height: b.readUIntLE(data + 7, 3) + 1 };
  }
  return undefined;
}

interface Box {
  type: string;
  /** Where the box's content starts (after its header) and where the box ends. */
  start: number;
  end: number;
}

/** The boxes between `from` and `to`; stops at the first box whose header does not fit. */
function boxes(b: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = b.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) break;
    found.push({ type: b.toString('latin1', at + 4, at + 8), start: at + header, end: at + size });
    at += size;
  }
  return found;
}

function child(b: Buffer, parent: Box, type: string, fullBox = false): Box | undefined {
  return boxes(b, parent.start + (fullBox ? 4 : 0), parent.end).find((box) => box.type === type);
}

function bmffDimensions(b: Buffer): ImageDimensions | undefined {
  const meta = boxes(b, 0, b.length).find((box) => box.type === 'meta');
  const iprp = meta && child(b, meta, 'iprp', true);
  const ipco = iprp && child(b, iprp, 'ipco');
  if (!ipco) return undefined;
  let width = 0;
  let height = 0;
  for (const ispe of boxes(b, ipco.start, ipco.end).filter((box) => box.type === 'ispe' && box.end - box.start >= 12)) {
    width = Math.max(width, b.readUInt32BE(ispe.start + 4));
    height = Math.max(height, b.readUInt32BE(ispe.start + 8));
  }
  return width > 0 && height > 0 ? { width, height } : undefined;
}
