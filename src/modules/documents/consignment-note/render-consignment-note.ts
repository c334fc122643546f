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
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { NOTE_LABELS, type NoteLabels } from './cmr-labels.js';
import type { ConsignmentNoteInput, NoteSignature } from './consignment-note-input.js';
import { noteContent, type GoodsRow, type NoteContent } from './note-content.js';
import { A4, finishServicePdf, newServicePdf, plainSave, stampMetadata, type SavePdf } from './service-pdf.js';
import { wrapLines, type Line, type Measure } from './note-text.js';
import { drawQrCode } from './qr-code.js';

const PAGE_W = A4.width;
const PAGE_H = A4.height;
const MARGIN = 24;
const WIDTH = PAGE_W - 2 * MARGIN;
const TEXT = 7.5;
const LEADING = 9;
const TITLE = 6.3;
const PAD = 3;
/** Space above and below a goods line: tight, so long lists take fewer pages. */
const ROW_PAD = 1.5;
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);
const LINE_COLOUR = rgb(0.2, 0.2, 0.2);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Overflow {
  box: number;
  lines: Line[];
}

/** Goods table columns: box number and width (box 9 takes the rest). */
const GOODS_COLUMNS: { box: 6 | 7 | 8 | 9 | 10 | 11 | 12; width: number; key: keyof Omit<GoodsRow, 'nature'> | 'nature'; align: 'left' | 'right' }[] = [
  { box: 6, width: 72, key: 'marks', align: 'left' },
  { box: 7, width: 42, key: 'packages', align: 'right' },
  { box: 8, width: 52, key: 'packing', align: 'left' },
  { box: 9, width: 0, key: 'nature', align: 'left' },
  { box: 10, width: 60, key: 'statistical', align: 'left' },
  { box: 11, width: 56, key: 'weight', align: 'right' },
  { box: 12, width: 46, key: 'volume', align: 'right' },
];
GOODS_COLUMNS[3]!.width = WIDTH - GOODS_COLUMNS.reduce((s, c) => s + c.width, 0);

/**
 * Width of text as the sum of its characters' advances, each measured once per process: shaping
 * every candidate line through fontkit (what `widthOfTextAtSize` does) was most of a render's
 * time, and kerning and ligatures are off (FONT_FEATURES in note-fonts.ts), so the sum is the drawn width.
 */
const advanceCache = new WeakMap<object, Map<string, number>>();
function textWidth(font: PDFFont, text: string, size: number): number {
  // Per font file (the bytes are read once per process), so the advances outlive one document.
  const key = (font as unknown as { embedder?: { fontData?: object } }).embedder?.fontData ?? font;
  let advances = advanceCache.get(key);
  if (!advances) advanceCache.set(key, (advances = new Map()));
  let total = 0;
  for (const ch of text) {
    let advance = advances.get(ch);
    if (advance === undefined) advances.set(ch, (advance = font.widthOfTextAtSize(ch, 1000)));
    total += advance;
  }
  return (total * size) / 1000;
}

class NoteCanvas {
  readonly measure: Measure;
  readonly overflow: Overflow[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly l: NoteLabels,
  ) {
    this.measure = { width: (text, bold) => textWidth(bold ? fonts.bold : fonts.regular, text, TEXT) };
  }

  text(page: PDFPage, text: string, x: number, baseline: number, options: { size?: number; bold?: boolean; colour?: ReturnType<typeof rgb> } = {}): void {
    if (!text) return;
    page.drawText(text, { x, y: baseline, size: options.size ?? TEXT, font: options.bold ? this.fonts.bold : this.fonts.regular, color: options.colour ?? BLACK });
  }

  /** A box frame with its number and title; returns the top of the content area. */
  frame(page: PDFPage, box: number | undefined, title: string, x: number, top: number, w: number, h: number): number {
    page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: LINE_COLOUR, borderWidth: 0.6 });
    const label = box === undefined ? title : `${box}  ${title}`;
    const titleLines = wrapLines([{ text: label }], w - 2 * PAD, { width: (t) => textWidth(this.fonts.regular, t, TITLE) });
    titleLines.forEach((line, i) => this.text(page, line.text, x + PAD, top - PAD - TITLE - i * (TITLE + 1), { size: TITLE, colour: GREY }));
    return top - PAD - titleLines.length * (TITLE + 1) - 1;
  }

  /** A numbered box with its lines; what does not fit continues on a later page. */
  box(page: PDFPage, box: number, x: number, top: number, w: number, h: number, lines: Line[], reserveBottom = 0): void {
    const contentTop = this.frame(page, box, this.l.boxes[box]!, x, top, w, h);
    const wrapped = wrapLines(lines, w - 2 * PAD, this.measure);
    const capacity = Math.max(0, Math.floor((contentTop - (top - h) - PAD - reserveBottom) / LEADING));
    const shown = wrapped.length > capacity ? wrapped.slice(0, Math.max(0, capacity - 1)) : wrapped;
    shown.forEach((line, i) => this.text(page, line.text, x + PAD, contentTop - TEXT - i * LEADING, { bold: line.bold }));
    if (wrapped.length > capacity) {
      this.text(page, `▸ ${this.l.continuedBelow}`, x + PAD, contentTop - TEXT - shown.length * LEADING, { bold: true });
      this.overflow.push({ box, lines: wrapped.slice(shown.length) });
    }
  }

  signatureBox(page: PDFPage, box: 22 | 23 | 24, x: number, top: number, w: number, h: number, lines: Line[], signature: NoteSignature | undefined, image: PDFImage | undefined): void {
    const imageHeight = image ? Math.min(34, h / 2.5) : 0;
    this.box(page, box, x, top, w, h, lines, imageHeight);
    if (image && signature) {
      const scale = Math.min(imageHeight / image.height, (w - 2 * PAD) / image.width);
      page.drawImage(image, { x: x + PAD, y: top - h + PAD, width: image.width * scale, height: image.height * scale });
    }
  }
}

function goodsCells(row: GoodsRow, c: NoteCanvas): Line[][] {
  return GOODS_COLUMNS.map((col) => {
    const value = col.key === 'nature' ? row.nature : [{ text: row[col.key] }];
    return wrapLines(value, col.width - 2 * PAD, c.measure);
  });
}

/** Draws the goods header at `top`, as tall as its longest title needs; returns the y below it. */
function goodsHeader(page: PDFPage, c: NoteCanvas, top: number): number {
  const titleWidth = (t: string) => textWidth(c.fonts.regular, t, TITLE);
  const lines = Math.max(...GOODS_COLUMNS.map((col) => wrapLines([{ text: `${col.box}  ${c.l.boxes[col.box]!}` }], col.width - 2 * PAD, { width: titleWidth }).length));
  const height = lines * (TITLE + 1) + 2 * PAD;
  let x = MARGIN;
  for (const col of GOODS_COLUMNS) {
    c.frame(page, col.box, c.l.boxes[col.box]!, x, top, col.width, height);
    x += col.width;
  }
  return top - height;
}

/** Draws goods rows from `start` while they fit above `bottom`; returns the index of the first not drawn. */
function goodsRows(page: PDFPage, c: NoteCanvas, rows: GoodsRow[], start: number, top: number, bottom: number): { next: number; y: number } {
  let y = top;
  let i = start;
  for (; i < rows.length; i++) {
    const cells = goodsCells(rows[i]!, c);
    const height = Math.max(...cells.map((cell) => cell.length)) * LEADING + ROW_PAD * 2;
    if (y - height < bottom) break;
    let x = MARGIN;
    GOODS_COLUMNS.forEach((col, k) => {
      page.drawRectangle({ x, y: y - height, width: col.width, height, borderColor: LINE_COLOUR, borderWidth: 0.3 });
      cells[k]!.forEach((line, n) => {
        const width = c.measure.width(line.text, Boolean(line.bold));
        const left = col.align === 'right' ? x + col.width - PAD - width : x + PAD;
        c.text(page, line.text, left, y - ROW_PAD - TEXT + 0.5 - n * LEADING, { bold: line.bold });
      });
      x += col.width;
    });
    y -= height;
  }
  return { next: i, y };
}

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
    { text: `${l.transportType}: ${s.transport_type}` },
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

function drawFirstPage(page: PDFPage, c: NoteCanvas, content: NoteContent, input: ConsignmentNoteInput, images: Partial<Record<22 | 23 | 24, PDFImage>>): number {
  drawHeader(page, c, input);
  const half = WIDTH / 2;
  const left = MARGIN;
  const right = MARGIN + half;
  let top = PAGE_H - MARGIN - 92;
  const pair = (a: number, b: number, h: number) => {
    c.box(page, a, left, top, half, h, content.boxes[a] ?? []);
    c.box(page, b, right, top, half, h, content.boxes[b] ?? []);
    top -= h;
  };
  pair(1, 16, 78);
  pair(2, 17, 78);
  // Box 18 stands beside 3 and 4, as on the paper form.
  c.box(page, 3, left, top, half, 50, content.boxes[3] ?? []);
  c.box(page, 18, right, top, half, 100, content.boxes[18] ?? []);
  c.box(page, 4, left, top - 50, half, 50, content.boxes[4] ?? []);
  top -= 100;
  pair(5, 19, 44);

  // Boxes 6–12: the goods, as many lines as fit; the rest on continuation pages.
  const fixedBelow = 50 + 30 + 26 + 86 + 16;
  const goodsBottom = MARGIN + fixedBelow + 14;
  top = goodsHeader(page, c, top);
  const drawn = goodsRows(page, c, content.goods, 0, top, goodsBottom);
  const rest = content.goods.length - drawn.next;
  // The totals, and a note that the table goes on when it does.
  const totalsTop = goodsBottom;
  page.drawRectangle({ x: MARGIN, y: totalsTop - 14, width: WIDTH, height: Math.max(14, drawn.y - totalsTop + 14), borderColor: LINE_COLOUR, borderWidth: 0.6 });
  c.text(page, `${c.l.total}: ${content.totals.packages}  ·  ${content.totals.weight ? `${content.totals.weight} kg` : ''}  ·  ${content.totals.volume ? `${content.totals.volume} m³` : ''}`, MARGIN + PAD, totalsTop - 10, { bold: true });
  if (rest > 0) c.text(page, `▸ 9: ${rest} × ${c.l.continuedBelow}`, MARGIN + WIDTH / 2, totalsTop - 10, { bold: true });
  top = totalsTop - 14;

  pair(13, 20, 50);
  pair(14, 15, 30);
  c.box(page, 21, left, top, half, 26, content.boxes[21] ?? []);
  const vehicleTop = c.frame(page, undefined, `${c.l.vehicle} / ${c.l.trailer}`, right, top, half, 26);
  wrapLines(content.vehicle, half - 2 * PAD, c.measure)
    .slice(0, 2)
    .forEach((line, i) => c.text(page, line.text, right + PAD + (i === 0 ? 0 : half / 2), vehicleTop - TEXT, { bold: true }));
  top -= 26;
  const third = WIDTH / 3;
  ([22, 23, 24] as const).forEach((box, i) => c.signatureBox(page, box, left + i * third, top, third, 86, content.boxes[box] ?? [], content.signatures[box], images[box]));
  return drawn.next;
}

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
  const images: Partial<Record<22 | 23 | 24, PDFImage>> = {};
  for (const box of [22, 23, 24] as const) {
    const png = content.signatures[box]?.image_png;
    if (png) images[box] = await doc.embedPng(png);
  }

  const first = doc.addPage([PAGE_W, PAGE_H]);
  const nextGoods = drawFirstPage(first, c, content, input, images);
  const pages = [first, ...drawContinuation(doc, c, content, input, nextGoods)];
  pages.forEach((page, i) => {
    const footer = `${labels.page(i + 1, pages.length)} · ${input.shipment.id} · ${input.document_id} · ${labels.version} ${input.version}`;
    c.text(page, footer, MARGIN, MARGIN - 10, { size: 6.5, colour: GREY });
  });

  stampMetadata(doc, { title: `${labels.title} ${input.shipment.id} v${input.version}`, subject: input.inspection_url, language: input.language, at: input.rendered_at });
  return finishServicePdf(pdf, save);
}
