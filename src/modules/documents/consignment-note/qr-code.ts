/**
 * The QR code on the note, drawn as vector shapes (crisp at any zoom, no image to embed): one path
 * with a rectangle per horizontal run of dark modules, filled once. One rectangle per module,
 * each its own drawing with its own graphics state, was ~550 drawings and a tenth of a render.
 */
import type { PDFPage } from 'pdf-lib';
import { fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from 'pdf-lib';
import QRCode from 'qrcode';

/** Draws `text` as a QR code with its top-left corner at (x, top) and sides of `size` points. */
export function drawQrCode(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // Four modules of quiet zone on every side, as readers expect.
  const cell = size / (count + 8);
  const origin = { x: x + 4 * cell, y: top - 4 * cell };
  const runs = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < count && qr.modules.get(row, col + 1)) col++;
      runs.push(rectangle(origin.x + start * cell, origin.y - (row + 1) * cell, (col + 1 - start) * cell, cell));
    }
  }
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), ...runs, fill(), popGraphicsState());
}
