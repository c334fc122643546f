/**
 * The goods table (boxes 6–12): a header with the boxes' numbers and titles, then one row per
 * goods line, as many as fit above a given bottom; the renderer continues the rest on later pages.
 */
import { LineCapStyle, lineTo, moveTo, popGraphicsState, pushGraphicsState, setLineCap, setLineWidth, setStrokingColor, stroke, type PDFPage } from 'pdf-lib';
import type { GoodsRow } from './note-content.js';
import { LEADING, LINE_COLOUR, MARGIN, PAD, TEXT, TITLE, WIDTH, textWidth, type NoteCanvas } from './note-canvas.js';
import { wrapLines, type Line } from './note-text.js';

/** Space above and below a goods line: tight, so long lists take fewer pages. */
const ROW_PAD = 1.5;

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

function goodsCells(row: GoodsRow, c: NoteCanvas): Line[][] {
  return GOODS_COLUMNS.map((col) => {
    const value = col.key === 'nature' ? row.nature : [{ text: row[col.key] }];
    return wrapLines(value, col.width - 2 * PAD, c.measure);
  });
}

function headerHeight(c: NoteCanvas): number {
  const titleWidth = (t: string) => textWidth(c.fonts.regular, t, TITLE);
  const lines = Math.max(...GOODS_COLUMNS.map((col) => wrapLines([{ text: `${col.box}  ${c.l.boxes[col.box]!}` }], col.width - 2 * PAD, { width: titleWidth }).length));
  return lines * (TITLE + 1) + 2 * PAD;
}

const rowHeight = (cells: Line[][]) => Math.max(...cells.map((cell) => cell.length)) * LEADING + ROW_PAD * 2;

/**
 * How tall the table is with its header and first `count` goods lines (at least one, blank if there
 * are none), counted only until it passes `limit`.
 */
export function goodsHeight(c: NoteCanvas, rows: readonly GoodsRow[], count: number, limit = Number.POSITIVE_INFINITY): number {
  let height = headerHeight(c);
  if (rows.length === 0) return height + LEADING + ROW_PAD * 2;
  for (let i = 0; i < Math.min(count, rows.length) && height <= limit; i++) height += rowHeight(goodsCells(rows[i]!, c));
  return height;
}

/** Draws the goods header at `top`, as tall as its longest title needs; returns the y below it. */
export function goodsHeader(page: PDFPage, c: NoteCanvas, top: number): number {
  const height = headerHeight(c);
  let x = MARGIN;
  for (const col of GOODS_COLUMNS) {
    c.frame(page, col.box, c.l.boxes[col.box]!, x, top, col.width, height);
    x += col.width;
  }
  return top - height;
}

/**
 * The rows' cell borders as one grid of lines stroked once: a rectangle per cell, each drawn with
 * its own graphics state, was most of the operators of a long note. Square caps close the corners.
 */
function drawGrid(page: PDFPage, rowEdges: number[]): void {
  if (rowEdges.length < 2) return;
  const top = rowEdges[0]!;
  const bottom = rowEdges[rowEdges.length - 1]!;
  const lines = rowEdges.flatMap((y) => [moveTo(MARGIN, y), lineTo(MARGIN + WIDTH, y)]);
  let x = MARGIN;
  for (const col of [...GOODS_COLUMNS, undefined]) {
    lines.push(moveTo(x, top), lineTo(x, bottom));
    x += col?.width ?? 0;
  }
  page.pushOperators(pushGraphicsState(), setStrokingColor(LINE_COLOUR), setLineWidth(0.3), setLineCap(LineCapStyle.Projecting), ...lines, stroke(), popGraphicsState());
}

/** Draws goods rows from `start` while they fit above `bottom`; returns the index of the first not drawn. */
export function goodsRows(page: PDFPage, c: NoteCanvas, rows: readonly GoodsRow[], start: number, top: number, bottom: number): { next: number; y: number } {
  let y = top;
  let i = start;
  const rowEdges = [top];
  for (; i < rows.length; i++) {
    const cells = goodsCells(rows[i]!, c);
    const height = rowHeight(cells);
    if (y - height < bottom) break;
    let x = MARGIN;
    GOODS_COLUMNS.forEach((col, k) => {
      cells[k]!.forEach((line, n) => {
        const width = c.measure.width(line.text, Boolean(line.bold));
        const left = col.align === 'right' ? x + col.width - PAD - width : x + PAD;
        c.text(page, line.text, left, y - ROW_PAD - TEXT + 0.5 - n * LEADING, { bold: line.bold });
      });
      x += col.width;
    });
    y -= height;
    rowEdges.push(y);
  }
  drawGrid(page, rowEdges);
  return { next: i, y };
}
