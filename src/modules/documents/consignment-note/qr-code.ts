/** The QR code on the note, drawn as vector squares (crisp at any zoom, no image to embed). */
import type { PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import QRCode from 'qrcode';

/** Draws `text` as a QR code with its top-left corner at (x, top) and sides of `size` points. */
export function drawQrCode(page: PDFPage, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // Four modules of quiet zone on every side, as readers expect.
  const cell = size / (count + 8);
  const origin = { x: x + 4 * cell, y: top - 4 * cell };
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({ x: origin.x + col * cell, y: origin.y - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}
