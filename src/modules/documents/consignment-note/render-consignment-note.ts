/**
 * Renders the consignment note as a PDF in the layout of the paper CMR form: A4, the numbered
 * boxes 1–24 where drivers and inspectors expect them, the goods table (boxes 6–12) with ADR
 * particulars, plates, ids and a QR code with the inspection link.
 *
 * Nothing is cut off: a box whose content does not fit shows what fits and says it continues,
 * and the rest — like goods lines beyond the table — follows on continuation pages under the
 * box's number and title. Deterministic: fonts get fixed names (pdf-lib would add a random
 * suffix), dates come from the input, so the same input renders the same bytes.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { embeddable, SIGNATURE_IMAGE_LIMIT } from '../../../core/image-limits.js';
import { NOTE_LABELS } from './cmr-labels.js';
import type { ConsignmentNoteInput } from './consignment-note-input.js';
import { drawFirstPage, type SignatureImages } from './first-page.js';
import { goodsHeader, goodsRows } from './goods-table.js';
import { GREY, LEADING, MARGIN, PAD, PAGE_H, PAGE_W, TEXT, WIDTH, NoteCanvas } from './note-canvas.js';
import { noteContent, type NoteContent } from './note-content.js';
import { finishServicePdf, newServicePdf, plainSave, stampMetadata, type SavePdf } from './service-pdf.js';
import { wrapLines } from './note-text.js';
import { noteAnnex } from '../photo-sheets/note-annex.js';
import { PHOTO_LABELS } from '../photo-sheets/photo-labels.js';
import { drawPhotoSheets } from '../photo-sheets/photo-sheet.js';
import { noteZones } from './note-zones.js';

/** Continuation pages: the rest of the goods table, then every box that overflowed. */
function drawContinuation(doc: PDFDocument, c: NoteCanvas, content: NoteContent, input: ConsignmentNoteInput, firstGoods: number): PDFPage[] {
  const pages: PDFPage[] = [];
  let page: PDFPage | undefined;
  let top = 0;
  const bottom = MARGIN + 20;
  const newPage = () => {
    page = doc.addPage([PAGE_W, PAGE_H]);
    pages.push(page);
    c.text(page, `${c.l.title} (${c.l.continued})`, MARGIN, PAGE_H - MARGIN - 10, { size: 10, bold: true });
    c.text(page, `${c.l.shipment}: ${input.shipment.id} · ${c.l.document}: ${input.document_id} · ${c.l.version} ${input.version}`, MARGIN, PAGE_H - MARGIN - 22);
    top = PAGE_H - MARGIN - 34;
    return page;
  };
  let next = firstGoods;
  while (next < content.goods.length) {
    const p = newPage();
    c.text(p, `6–12  ${c.l.boxes[9]!} (${c.l.continued})`, MARGIN, top - TEXT, { bold: true, colour: GREY });
    const drawn = goodsRows(p, c, content.goods, next, goodsHeader(p, c, top - LEADING - 2), bottom);
    if (drawn.next === next) throw new Error(`goods line ${next + 1} does not fit on a page`);
    next = drawn.next;
    top = drawn.y - 12;
  }
  for (const overflow of c.overflow) {
    let remaining = overflow.lines;
    while (remaining.length > 0) {
      if (!page || top - 3 * LEADING < bottom) newPage();
      const title = `${overflow.box}  ${c.l.boxes[overflow.box]!} (${c.l.continued})`;
      c.text(page!, title, MARGIN, top - TEXT, { bold: true, colour: GREY });
      top -= LEADING + 2;
      const fit = Math.max(1, Math.floor((top - bottom) / LEADING));
      const lines = wrapLines(remaining.slice(0, fit), WIDTH, c.measure).slice(0, fit);
      lines.forEach((line, i) => c.text(page!, line.text, MARGIN + PAD, top - TEXT - i * LEADING, { bold: line.bold }));
      remaining = remaining.slice(lines.length);
      top -= lines.length * LEADING + 8;
    }
  }
  return pages;
}

/** The note's bytes; `save` makes them from the finished document (sealing saves it with the seal's placeholder). */
export async function renderConsignmentNote(input: ConsignmentNoteInput, save: SavePdf = plainSave): Promise<Uint8Array> {
  const pdf = await newServicePdf();
  const { doc, fonts } = pdf;
  const labels = NOTE_LABELS[input.language];
  const c = new NoteCanvas(doc, fonts, labels);
  const content = noteContent(input, labels);
  const images: SignatureImages = {};
  for (const box of [22, 23, 24] as const) {
    // An image stored before its pixels were limited, and over the limit now, is left out: decoding it could take the thread for minutes.
    const png = embeddable(content.signatures[box]?.image_png, SIGNATURE_IMAGE_LIMIT);
    if (png) images[box] = await doc.embedPng(png);
  }

  const first = doc.addPage([PAGE_W, PAGE_H]);
  const nextGoods = drawFirstPage(first, c, content, input, images);
  const continuation = drawContinuation(doc, c, content, input, nextGoods);
  // The reservations' photos, as thumbnails in the same sealed file: evidence, not links.
  const annex = await drawPhotoSheets(
    doc,
    noteAnnex(input, labels).photos,
    PHOTO_LABELS[input.language],
    noteZones(input.shipment).established,
    (n, of) => [PHOTO_LABELS[input.language].annexPage(n, of), `${labels.shipment}: ${input.shipment.id} · ${labels.document}: ${input.document_id} · ${labels.version} ${input.version}`],
    (page, text, x, y, o) => c.text(page, text, x, y, { size: o.size, bold: o.bold, colour: o.grey ? GREY : undefined }),
  );
  const pages = [first, ...continuation, ...annex];
  pages.forEach((page, i) => {
    const footer = `${labels.page(i + 1, pages.length)} · ${input.shipment.id} · ${input.document_id} · ${labels.version} ${input.version}`;
    c.text(page, footer, MARGIN, MARGIN - 10, { size: 6.5, colour: GREY });
  });

  c.flushText();
  stampMetadata(doc, { title: `${labels.title} ${input.shipment.id} v${input.version}`, subject: input.inspection_url, language: input.language, at: input.rendered_at });
  return finishServicePdf(pdf, save);
}
