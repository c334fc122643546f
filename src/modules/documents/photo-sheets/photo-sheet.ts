/**
 * Pages of photo thumbnails, as evidence inside a sealed PDF: the annex of a consignment note
 * version and the photo pages of the proof of delivery. Six photos a page, two columns of three,
 * each with the reservation it belongs to, when it was taken, its document id and its SHA-256 on
 * one line (so the hash can be compared, and found, whole). A photo without a thumbnail gets a
 * labelled placeholder with the same lines. Photos keep the order they are given in, so where a
 * photo lands is known before anything is drawn (`sheetPages`, photo-sheet-pages.ts), and a box can name the page.
 */
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import { localTime } from '../../../core/local-time.js';
import { A4 } from '../consignment-note/service-pdf.js';
import type { PhotoLabels } from './photo-labels.js';
import { photoThumbnail } from './photo-thumbnail.js';
import { PHOTOS_PER_PAGE, sheetPageCount, type SheetPhoto } from './photo-sheet-pages.js';

const COLUMNS = 2;
const MARGIN = 32;
const GAP = 14;
const CELL_W = (A4.width - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS;
const IMAGE_H = 170;
const CAPTION = 6;
const CAPTION_LEADING = 8;
const CELL_H = IMAGE_H + 6 + 4 * CAPTION_LEADING + GAP;
const HEADING_H = 40;
const GREY = rgb(0.35, 0.35, 0.35);
const PLACEHOLDER = rgb(0.93, 0.93, 0.93);

/** Writes text on a page in the document's fonts; the document flushes it with its other text. */
export type WriteText = (page: PDFPage, text: string, x: number, baseline: number, options: { size: number; bold?: boolean; grey?: boolean }) => void;

async function drawCell(doc: PDFDocument, page: PDFPage, item: SheetPhoto, x: number, top: number, l: PhotoLabels, zone: string, write: WriteText): Promise<void> {
  const thumbnail = await photoThumbnail(item.photo.bytes);
  if (thumbnail) {
    const image = await doc.embedJpg(thumbnail.jpeg);
    const scale = Math.min(CELL_W / image.width, IMAGE_H / image.height);
    page.drawImage(image, { x, y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
  } else {
    page.drawRectangle({ x, y: top - IMAGE_H, width: CELL_W, height: IMAGE_H, color: PLACEHOLDER, borderColor: GREY, borderWidth: 0.5 });
    write(page, `${l.noPreview}: ${item.photo.content_type}`, x + 10, top - IMAGE_H / 2 + 4, { size: 9, bold: true });
    write(page, l.compareHash, x + 10, top - IMAGE_H / 2 - 8, { size: 7, grey: true });
  }
  const captions: { text: string; bold?: boolean }[] = [
    { text: item.reference, bold: true },
    { text: `${l.taken} ${localTime(item.photo.captured_at, zone)} · ${item.photo.content_type}` },
    { text: item.photo.document_id },
    { text: `SHA-256 ${item.photo.sha256}` },
  ];
  captions.forEach((c, i) => write(page, c.text, x, top - IMAGE_H - 6 - CAPTION - i * CAPTION_LEADING, { size: CAPTION, bold: c.bold }));
}

/**
 * Adds the sheet pages for `photos` to the document and returns them; `heading` gives each page's
 * heading lines (page n of m); capture times print in `zone` (the establishment place's, named). Thumbnails are made here, one photo at a time, so at most one
 * decoded original is in memory.
 */
export async function drawPhotoSheets(doc: PDFDocument, photos: readonly SheetPhoto[], l: PhotoLabels, zone: string, heading: (n: number, of: number) => string[], write: WriteText): Promise<PDFPage[]> {
  const pages: PDFPage[] = [];
  const of = sheetPageCount(photos.length);
  for (let n = 1; n <= of; n++) {
    const page = doc.addPage([A4.width, A4.height]);
    pages.push(page);
    heading(n, of).forEach((text, i) => write(page, text, MARGIN, A4.height - MARGIN - 10 - i * 12, { size: i === 0 ? 11 : 7.5, bold: i === 0, grey: i > 0 }));
    const onPage = photos.slice((n - 1) * PHOTOS_PER_PAGE, n * PHOTOS_PER_PAGE);
    for (const [i, item] of onPage.entries()) {
      const x = MARGIN + (i % COLUMNS) * (CELL_W + GAP);
      const top = A4.height - MARGIN - HEADING_H - Math.floor(i / COLUMNS) * CELL_H;
      await drawCell(doc, page, item, x, top, l, zone, write);
    }
  }
  return pages;
}
