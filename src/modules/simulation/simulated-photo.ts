/**
 * The photo of a simulated remark: a small real PNG drawn here — a crate on a pallet with a red
 * crack across it — so the upload path sniffs, stores and serves it like a phone's picture. Drawn
 * once per process (96 × 72 pixels, under 1 KB) and reused.
 */
import { rgbPng, type Rgb } from '../../core/rgb-png.js';

const WIDTH = 96;
const HEIGHT = 72;

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

let drawn: Buffer | undefined;

/** The PNG bytes of the simulated photo. */
export function simulatedPhoto(): Buffer {
  drawn ??= rgbPng(WIDTH, HEIGHT, pixel);
  return drawn;
}
