/**
 * The QR code on the note, drawn as vector shapes (crisp at any zoom, no image to embed): one path
 * of rectangles, filled once, in a content stream of its own compressed natively (native-flate.ts).
 * A rectangle covers a run of dark modules in a row, and the same run in the rows below it. One
 * rectangle per module, each its own drawing with its own graphics state, was ~550 drawings and a
 * tenth of a render.
 */
import type { PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { registerFlateStream } from './native-flate.js';

/** The dark modules as rectangles in module units: [column, row, width, height]. */
function darkRectangles(modules: { size: number; get(row: number, col: number): number | boolean }): [number, number, number, number][] {
  const count = modules.size;
  const done: [number, number, number, number][] = [];
  /** Runs still growing downwards, by "start,end" of their columns. */
  let open = new Map<string, [number, number, number, number]>();
  for (let row = 0; row <= count; row++) {
    const next = new Map<string, [number, number, number, number]>();
    for (let col = 0; row < count && col < count; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < count && modules.get(row, col + 1)) col++;
      const key = `${start},${col}`;
      const above = open.get(key);
      if (above) {
        above[3]++;
        open.delete(key);
        next.set(key, above);
      } else next.set(key, [start, row, col + 1 - start, 1]);
    }
    done.push(...open.values());
    open = next;
  }
  return done;
}

/** Draws `text` as a QR code with its top-left corner at (x, top) and sides of `size` points. */
export function drawQrCode(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // Four modules of quiet zone on every side, as readers expect.
  const cell = size / (qr.modules.size + 8);
  const left = x + 4 * cell;
  const upper = top - 4 * cell;
  const n = (value: number) => Number(value.toFixed(3));
  const path = darkRectangles(qr.modules).map(([col, row, w, h]) => `${n(left + col * cell)} ${n(upper - (row + h) * cell)} ${n(w * cell)} ${n(h * cell)} re`);
  const content = `q\n0 0 0 rg\n${path.join('\n')}\nf\nQ\n`;
  page.node.addContentStream(registerFlateStream(page.doc.context, Buffer.from(content, 'latin1')));
}
