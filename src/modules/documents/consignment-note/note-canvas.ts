/**
 * Drawing on the note's pages: the sizes and colours of its text and frames, a numbered box with
 * its title and lines (what does not fit continues on a later page), and how tall a box must be
 * to hold its lines whole — the first page sizes its boxes by that (first-page.ts).
 */
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { nfc } from './cmap-font-embedder.js';
import type { NoteLabels } from './note-labels.js';
import type { NoteSignature } from './consignment-note-input.js';
import { PageText } from './page-text.js';
import { A4 } from './service-pdf.js';
import { wrapLines, type Line, type Measure } from './note-text.js';

export const PAGE_W = A4.width;
export const PAGE_H = A4.height;
export const MARGIN = 24;
export const WIDTH = PAGE_W - 2 * MARGIN;
export const TEXT = 7.5;
export const LEADING = 9;
export const TITLE = 6.3;
export const PAD = 3;
export const GREY = rgb(0.35, 0.35, 0.35);
export const BLACK = rgb(0, 0, 0);
export const LINE_COLOUR = rgb(0.2, 0.2, 0.2);
/** Room kept under a signature box's lines for the drawn signature. */
export const SIGNATURE_IMAGE = 34;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Overflow {
  box: number;
  lines: Line[];
}

/**
 * Characters whose advance a render thread keeps per font. Notes written in the scripts the fonts
 * cover use a few hundred; user text may hold any of Unicode's characters, and a thread lives for
 * hundreds of renders, so past this many the font's advances start over instead of growing the
 * thread (measuring a character again costs a glyph lookup).
 */
export const MAX_ADVANCES_PER_FONT = 4096;

/**
 * Width of text as the sum of its characters' advances, each measured once per thread and font
 * (no kerning or ligatures, so the sum is the drawn width): wrapping measures every candidate line.
 */
const advanceCache = new Map<string, Map<string, number>>();
export function textWidth(font: PDFFont, text: string, size: number): number {
  let advances = advanceCache.get(font.name);
  if (!advances) advanceCache.set(font.name, (advances = new Map()));
  let total = 0;
  for (const ch of nfc(text)) {
    let advance = advances.get(ch);
    if (advance === undefined) {
      if (advances.size >= MAX_ADVANCES_PER_FONT) advances.clear();
      advances.set(ch, (advance = font.widthOfTextAtSize(ch, 1000)));
    }
    total += advance;
  }
  return (total * size) / 1000;
}

/** How many characters' advances this thread keeps for the font (tests of the bound). */
export function keptAdvances(font: PDFFont): number {
  return advanceCache.get(font.name)?.size ?? 0;
}

export class NoteCanvas {
  readonly measure: Measure;
  readonly overflow: Overflow[] = [];
  private readonly pageTexts = new Map<PDFPage, PageText>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly l: NoteLabels,
  ) {
    this.measure = { width: (text, bold) => textWidth(bold ? fonts.bold : fonts.regular, text, TEXT) };
  }

  text(page: PDFPage, text: string, x: number, baseline: number, options: { size?: number; bold?: boolean; colour?: RGB } = {}): void {
    let layer = this.pageTexts.get(page);
    if (!layer) this.pageTexts.set(page, (layer = new PageText(page)));
    layer.draw(text, x, baseline, options.bold ? this.fonts.bold : this.fonts.regular, options.size ?? TEXT, options.colour ?? BLACK);
  }

  /** Writes every page's text (page-text.ts), once all is drawn. */
  flushText(): void {
    for (const layer of this.pageTexts.values()) layer.flush();
  }

  private titleLines(box: number | undefined, title: string, w: number): Line[] {
    const label = box === undefined ? title : `${box}  ${title}`;
    return wrapLines([{ text: label }], w - 2 * PAD, { width: (t) => textWidth(this.fonts.regular, t, TITLE) });
  }

  /** A box frame with its number and title; returns the top of the content area. */
  frame(page: PDFPage, box: number | undefined, title: string, x: number, top: number, w: number, h: number): number {
    page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: LINE_COLOUR, borderWidth: 0.6 });
    const titleLines = this.titleLines(box, title, w);
    titleLines.forEach((line, i) => this.text(page, line.text, x + PAD, top - PAD - TITLE - i * (TITLE + 1), { size: TITLE, colour: GREY }));
    return top - PAD - titleLines.length * (TITLE + 1) - 1;
  }

  /** The height at which `box()` shows all of `lines` in a box `w` wide, whole points. */
  heightFor(box: number, w: number, lines: readonly Line[], reserveBottom = 0): number {
    const title = PAD + this.titleLines(box, this.l.boxes[box]!, w).length * (TITLE + 1) + 1;
    return Math.ceil(title + wrapLines(lines, w - 2 * PAD, this.measure).length * LEADING + PAD + reserveBottom + 0.01);
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
    const imageHeight = image ? Math.min(SIGNATURE_IMAGE, h / 2.5) : 0;
    this.box(page, box, x, top, w, h, lines, imageHeight);
    if (image && signature) {
      const scale = Math.min(imageHeight / image.height, (w - 2 * PAD) / image.width);
      page.drawImage(image, { x: x + PAD, y: top - h + PAD, width: image.width * scale, height: image.height * scale });
    }
  }
}
