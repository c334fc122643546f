/**
 * Small real files of each kind the upload route meets, made in code: a PNG and a JPEG a viewer
 * opens, a one-page PDF, the first bytes of a HEIC and a WebP (what sniffing reads), and things
 * that must be refused.
 */
import { crc32, deflateSync } from 'node:zlib';
import { rgbPng } from '../../src/core/rgb-png.js';

/** A `size`×`size` PNG of one RGB colour. */
export function png(size = 8, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  return rgbPng(size, size, () => rgb);
}

/** The start of a JFIF JPEG: what a sniffer reads. */
export function jpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** The `ftyp` box of a HEIC from a phone camera. */
export function heic(): Buffer {
  const box = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic', 'latin1')]);
  return Buffer.concat([box, Buffer.alloc(64)]);
}

export function webp(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(40)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

/** A Windows executable, whatever it is called. */
export function exe(): Buffer {
  return Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(126), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(64)]);
}

/** A multipart/form-data body with text fields and files, in the order given. */
export function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; contentType: string; bytes: Buffer })[]): { body: Buffer; contentType: string } {
  const boundary = `----fds${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = 'filename' in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
    const type = 'filename' in part ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), 'bytes' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A valid PNG of `width`×`height` one-bit grey pixels, all black: its IDAT is a few kilobytes of
 * deflated zeros (about 16 KB at 10,000×10,000) that a decoder expands to the full image.
 */
export function hugePng(width = 10_000, height = 10_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** `bytes` as a data URL of `mediaType`, as the sign and driver apps send images. */
export function dataUrl(bytes: Buffer, mediaType = 'image/png'): string {
  return `data:${mediaType};base64,${bytes.toString('base64')}`;
}
