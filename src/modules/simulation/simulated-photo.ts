/**
 * The photo of a simulated remark: a small real PNG drawn here — a crate on a pallet with a red
 * crack across it — so the upload path sniffs, stores and serves it like a phone's picture. Drawn
 * once per process (96 × 72 pixels, under 1 KB) and reused.
 */
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 96;
const HEIGHT = 72;
type Rgb = readonly [number, number, number];

const FLOOR: Rgb = [200, 200, 196];
const PALLET: Rgb = [150, 110, 60];
const CRATE: Rgb = [196, 150, 90];
const PLANK: Rgb = [120, 85, 45];
const CRACK: Rgb = [200, 30, 30];

function pixel(x: number, y: number): Rgb {
  // The crack: a thick line from the crate's top left to its lower right.
  if (x >= 20 && x <= 76 && y >= 12 && y <= 52 && Math.abs((y - 12) * 56 - (x - 20) * 40) <= 90) return CRACK;
  if (x >= 20 && x <= 76 && y >= 12 && y <= 52) return (y - 12) % 10 === 0 || x === 20 || x === 76 ? PLANK : CRATE;
  if (x >= 14 && x <= 82 && y > 52 && y <= 60) return (x - 14) % 17 < 4 || y === 53 || y === 60 ? PLANK : PALLET;
  return FLOOR;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function drawPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y++) {
    const start = y * (1 + WIDTH * 3); // filter byte 0 (none) first
    for (let x = 0; x < WIDTH; x++) rows.set(pixel(x, y), start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

let drawn: Buffer | undefined;

/** The PNG bytes of the simulated photo. */
export function simulatedPhoto(): Buffer {
  drawn ??= drawPng();
  return drawn;
}
