/**
 * Page 1 of the note, laid out like the paper CMR form: the header with ids and the QR code, then
 * boxes 1–5 and 16–19, the goods table (6–12) with its totals, and boxes 13–15, 20–24.
 *
 * What an inspector reads first is whole on page 1 whenever the goods leave room: the parties
 * (1, 2, 16), the places and dates of delivery and taking over (3, 4), where the note was made (21)
 * and the signatures and reservations at delivery (22–24). Every row is as tall as on the paper
 * form (the least it takes) or as its content needs: first those boxes grow, keeping at least the
 * goods header and first line; then, when every goods line fits on page 1 with room to spare, the
 * other boxes (5, 13–15, 17–20) grow into it. The goods table takes the rest and continues on later
 * pages. Whatever still does not fit continues on a later page under its box's number and title.
 */
import type { PDFImage, PDFPage } from 'pdf-lib';
import { transportTypeWords } from './note-labels.js';
import type { ConsignmentNoteInput } from './consignment-note-input.js';
import { goodsHeader, goodsHeight, goodsRows } from './goods-table.js';
import type { NoteContent } from './note-content.js';
import { GREY, LEADING, LINE_COLOUR, MARGIN, PAD, PAGE_H, PAGE_W, SIGNATURE_IMAGE, TEXT, TITLE, WIDTH, textWidth, type NoteCanvas } from './note-canvas.js';
import { wrapLines, type Line } from './note-text.js';
import { drawQrCode } from './qr-code.js';

export type SignatureImages = Partial<Record<22 | 23 | 24, PDFImage>>;

const HEADER = 92;
/** Under the last row: the page footer. */
const FOOT = 16;
const TOTALS = 14;
const HALF = WIDTH / 2;
const THIRD = WIDTH / 3;
/** The rows of boxes around the goods, with the paper form's heights: the least they take. */
const FORM = { place3: 50, place4: 50, parties1: 78, parties2: 78, established: 26, signatures: 86, documents: 44, instructions: 50, payment: 30 };
type Row = keyof typeof FORM;
/** Rows holding boxes that must be whole on page 1 (1–4, 16, 21–24), in the order they grow. */
const FIRST: Row[] = ['place3', 'place4', 'parties1', 'parties2', 'established', 'signatures'];
/** Rows that grow only into what the whole goods table leaves free: 5|19, 13|20, 14|15, then 17 and 18. */
const THEN: Row[] = ['documents', 'instructions', 'payment', 'parties2', 'place4'];

function drawHeader(page: PDFPage, c: NoteCanvas, input: ConsignmentNoteInput): void {
  const l = c.l;
  const qrSize = 84;
  c.text(page, l.title, MARGIN, PAGE_H - MARGIN - 13, { size: 14, bold: true });
  const subtitle = wrapLines([{ text: l.subtitle }], WIDTH - qrSize - 160, { width: (t) => textWidth(c.fonts.regular, t, TITLE) });
  subtitle.forEach((line, i) => c.text(page, line.text, MARGIN, PAGE_H - MARGIN - 24 - i * (TITLE + 1), { size: TITLE, colour: GREY }));
  const s = input.shipment;
  const ids: Line[] = [
    { text: `${l.shipment}: ${s.id}`, bold: true },
    { text: `${l.document}: ${input.document_id} · ${l.version} ${input.version}` },
    ...(typeof s.reference === 'string' ? [{ text: `${l.reference}: ${s.reference}` }] : []),
    { text: `${l.transportType}: ${transportTypeWords(l, s.transport_type)}` },
  ];
  const idsTop = PAGE_H - MARGIN - 26 - subtitle.length * (TITLE + 1);
  wrapLines(ids, WIDTH - qrSize - 150, c.measure).forEach((line, i) => c.text(page, line.text, MARGIN, idsTop - TEXT - i * LEADING, { bold: line.bold }));
  // The QR code and its link, top right, where an inspector's phone finds it.
  const qrX = PAGE_W - MARGIN - qrSize;
  drawQrCode(page, input.inspection_url, qrX, PAGE_H - MARGIN + 6, qrSize);
  const urlWidth = 140;
  const url = wrapLines([{ text: `${l.inspection}: ${input.inspection_url}` }], urlWidth, { width: (t) => textWidth(c.fonts.regular, t, 5.5) });
  url.forEach((line, i) => c.text(page, line.text, PAGE_W - MARGIN - urlWidth - qrSize - 4, PAGE_H - MARGIN - 30 - i * 6.5, { size: 5.5, colour: GREY }));
}

/** Grows `rows` towards the heights they want, in order, out of `spare`; returns what is left. */
function grow(heights: Record<Row, number>, wanted: Partial<Record<Row, number>>, rows: Row[], spare: number): number {
  for (const row of rows) {
    const more = Math.min(Math.max(0, (wanted[row] ?? 0) - heights[row]), spare);
    heights[row] += more;
    spare -= more;
  }
  return spare;
}

/** The rows' heights: the form's, grown to their content while the goods keep their room. */
function rowHeights(c: NoteCanvas, content: NoteContent, images: SignatureImages): Record<Row, number> {
  const need = (box: number, w: number, reserve = 0) => c.heightFor(box, w, content.boxes[box] ?? [], reserve);
  const heights = { ...FORM };
  const page = PAGE_H - MARGIN - HEADER - (MARGIN + FOOT) - TOTALS;
  const leastGoods = goodsHeight(c, content.goods, 1);
  let spare = Math.max(0, page - Object.values(FORM).reduce((a, b) => a + b, 0) - leastGoods);
  spare = grow(
    heights,
    {
      place3: need(3, HALF),
      place4: need(4, HALF),
      parties1: Math.max(need(1, HALF), need(16, HALF)),
      parties2: need(2, HALF),
      established: need(21, HALF),
      signatures: Math.max(...([22, 23, 24] as const).map((box) => need(box, THIRD, images[box] ? SIGNATURE_IMAGE : 0))),
    },
    FIRST,
    spare,
  );
  // The other boxes grow only when every goods line is on page 1 with room to spare.
  const allGoods = goodsHeight(c, content.goods, content.goods.length, leastGoods + spare);
  grow(
    heights,
    {
      documents: Math.max(need(5, HALF), need(19, HALF)),
      instructions: Math.max(need(13, HALF), need(20, HALF)),
      payment: Math.max(need(14, HALF), need(15, HALF)),
      parties2: need(17, HALF),
      place4: need(18, HALF) - heights.place3,
    },
    THEN,
    Math.max(0, spare - (allGoods - leastGoods)),
  );
  return heights;
}

/** Draws page 1; returns the index of the first goods line it could not hold. */
export function drawFirstPage(page: PDFPage, c: NoteCanvas, content: NoteContent, input: ConsignmentNoteInput, images: SignatureImages): number {
  drawHeader(page, c, input);
  const h = rowHeights(c, content, images);
  const left = MARGIN;
  const right = MARGIN + HALF;
  let top = PAGE_H - MARGIN - HEADER;
  const pair = (a: number, b: number, height: number) => {
    c.box(page, a, left, top, HALF, height, content.boxes[a] ?? []);
    c.box(page, b, right, top, HALF, height, content.boxes[b] ?? []);
    top -= height;
  };
  pair(1, 16, h.parties1);
  pair(2, 17, h.parties2);
  // Box 18 stands beside 3 and 4, as on the paper form.
  c.box(page, 3, left, top, HALF, h.place3, content.boxes[3] ?? []);
  c.box(page, 18, right, top, HALF, h.place3 + h.place4, content.boxes[18] ?? []);
  c.box(page, 4, left, top - h.place3, HALF, h.place4, content.boxes[4] ?? []);
  top -= h.place3 + h.place4;
  pair(5, 19, h.documents);

  // Boxes 6–12: the goods, as many lines as fit; the rest on continuation pages.
  const goodsBottom = MARGIN + FOOT + h.signatures + h.established + h.payment + h.instructions + TOTALS;
  top = goodsHeader(page, c, top);
  const drawn = goodsRows(page, c, content.goods, 0, top, goodsBottom);
  const rest = content.goods.length - drawn.next;
  // The totals, and a note that the table goes on when it does.
  const totalsTop = goodsBottom;
  page.drawRectangle({ x: MARGIN, y: totalsTop - TOTALS, width: WIDTH, height: Math.max(TOTALS, drawn.y - totalsTop + TOTALS), borderColor: LINE_COLOUR, borderWidth: 0.6 });
  const { totals } = content;
  c.text(page, `${c.l.total}: ${totals.packages}  ·  ${totals.weight ? `${totals.weight} kg` : ''}  ·  ${totals.volume ? `${totals.volume} m³` : ''}`, MARGIN + PAD, totalsTop - 10, { bold: true });
  if (rest > 0) c.text(page, `▸ 9: ${rest} × ${c.l.continuedBelow}`, MARGIN + WIDTH / 2, totalsTop - 10, { bold: true });
  top = totalsTop - TOTALS;

  pair(13, 20, h.instructions);
  pair(14, 15, h.payment);
  c.box(page, 21, left, top, HALF, h.established, content.boxes[21] ?? []);
  const vehicleTop = c.frame(page, undefined, `${c.l.vehicle} / ${c.l.trailer}`, right, top, HALF, h.established);
  wrapLines(content.vehicle, HALF - 2 * PAD, c.measure)
    .slice(0, 2)
    .forEach((line, i) => c.text(page, line.text, right + PAD + (i === 0 ? 0 : HALF / 2), vehicleTop - TEXT, { bold: true }));
  top -= h.established;
  ([22, 23, 24] as const).forEach((box, i) => c.signatureBox(page, box, left + i * THIRD, top, THIRD, h.signatures, content.boxes[box] ?? [], content.signatures[box], images[box]));
  return drawn.next;
}
