import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hugePng, jpeg, png } from '../../test/support/sample-files.js';
import { imageDimensions } from './image-dimensions.js';
import { embeddable, PHOTO_LIMIT, SIGNATURE_IMAGE_LIMIT, withinLimit } from './image-limits.js';

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(body.length + 2), body]);
/** A frame header: precision, height, width, one component. */
const sof = (marker: number, width: number, height: number) => segment(marker, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]));

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);
function ispe(width: number, height: number): Buffer {
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  return fullBox('ispe', size);
}
const heif = (...properties: Buffer[]) =>
  Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')), fullBox('meta', fullBox('hdlr', Buffer.alloc(20)), box('iprp', box('ipco', ...properties)))]);

function riff(chunk: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  const body = Buffer.concat([Buffer.from(`WEBP${chunk}`, 'latin1'), size, data]);
  const total = Buffer.alloc(4);
  total.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), total, body]);
}

describe('imageDimensions', () => {
  it('reads a PNG from its IHDR, a huge one without decoding it', () => {
    expect(imageDimensions(png(8))).toEqual({ width: 8, height: 8 });
    const huge = hugePng();
    expect(huge.length).toBeLessThan(20_000);
    expect(imageDimensions(huge)).toEqual({ width: 10_000, height: 10_000 });
  });

  it('reads a JPEG from its first frame header, skipping segments (an EXIF thumbnail too) by their length', () => {
    const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from([0xff, 0xd8]), sof(0xc0, 160, 120)]));
    const file = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')), exif, segment(0xdb, Buffer.alloc(65)), sof(0xc2, 4032, 3024), segment(0xda, Buffer.alloc(10))]);
    expect(imageDimensions(file)).toEqual({ width: 4032, height: 3024 });
    // DHT (C4) sits in the SOF range but is not a frame header.
    expect(imageDimensions(Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xc4, Buffer.alloc(20)), sof(0xc0, 640, 480)]))).toEqual({ width: 640, height: 480 });
  });

  it('reads the three kinds of WebP', () => {
    const vp8 = Buffer.from([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x07, 0x38, 0x04]);
    expect(imageDimensions(riff('VP8 ', vp8))).toEqual({ width: 1920, height: 1080 });
    const bits = Buffer.alloc(5);
    bits[0] = 0x2f;
    bits.writeUInt32LE((800 - 1) | ((600 - 1) << 14), 1);
    expect(imageDimensions(riff('VP8L', bits))).toEqual({ width: 800, height: 600 });
    const extended = Buffer.alloc(10);
    extended.writeUIntLE(20_000 - 1, 4, 3);
    extended.writeUIntLE(30_000 - 1, 7, 3);
    expect(imageDimensions(riff('VP8X', extended))).toEqual({ width: 20_000, height: 30_000 });
  });

  it('reads a HEIC from its ispe properties, the largest of a grid and its thumbnail', () => {
    expect(imageDimensions(heif(ispe(512, 512), ispe(8064, 6048), ispe(320, 240)))).toEqual({ width: 8064, height: 6048 });
  });

  it('answers undefined for what it cannot read: truncated headers, an image without size, other files', () => {
    expect(imageDimensions(png(8).subarray(0, 20))).toBeUndefined();
    expect(imageDimensions(jpeg())).toBeUndefined();
    expect(imageDimensions(Buffer.concat([Buffer.from([0xff, 0xd8]), sof(0xc0, 640, 480).subarray(0, 6)]))).toBeUndefined();
    expect(imageDimensions(heif())).toBeUndefined();
    expect(imageDimensions(Buffer.from('%PDF-1.4\n'))).toBeUndefined();
    expect(imageDimensions(Buffer.alloc(0))).toBeUndefined();
  });

  it('never throws and never reads past the bytes, whatever follows a known signature', () => {
    const starts = [png(8).subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.from('\0\0\0\x18ftypheic', 'latin1')];
    fc.assert(
      fc.property(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 200 }), (start, rest) => {
        const size = imageDimensions(Buffer.concat([start, rest]));
        if (size) expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
      }),
    );
  });
});

describe('pixel limits', () => {
  it('takes a phone signature and a 48 MP photo, refuses the huge PNG and a side past the limit', () => {
    expect(withinLimit({ width: 1200, height: 400 }, SIGNATURE_IMAGE_LIMIT)).toBe(true);
    expect(withinLimit({ width: 2001, height: 2000 }, SIGNATURE_IMAGE_LIMIT)).toBe(false);
    expect(withinLimit({ width: 4097, height: 10 }, SIGNATURE_IMAGE_LIMIT)).toBe(false);
    expect(withinLimit({ width: 8064, height: 6048 }, PHOTO_LIMIT)).toBe(true);
    expect(withinLimit({ width: 10_000, height: 10_000 }, PHOTO_LIMIT)).toBe(false);
    expect(withinLimit({ width: 16_385, height: 100 }, PHOTO_LIMIT)).toBe(false);
  });

  it('leaves out of a render an image over the limit or without a readable header', () => {
    expect(embeddable(png(8), SIGNATURE_IMAGE_LIMIT)).toBeDefined();
    expect(embeddable(hugePng(), SIGNATURE_IMAGE_LIMIT)).toBeUndefined();
    expect(embeddable(Buffer.from('not an image'), SIGNATURE_IMAGE_LIMIT)).toBeUndefined();
    expect(embeddable(undefined, SIGNATURE_IMAGE_LIMIT)).toBeUndefined();
  });
});
