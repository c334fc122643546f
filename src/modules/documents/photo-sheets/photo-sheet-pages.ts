/**
 * Where the photos of a photo sheet fall, known before anything is drawn: six photos a page, in the
 * order given. Apart from the drawing (photo-sheet.ts) so that a note's text can name an annex page
 * without loading the PDF library.
 */
import type { EvidencePhoto } from '../consignment-note/consignment-note-input.js';

export const PHOTOS_PER_PAGE = 6;

export interface SheetPhoto {
  photo: EvidencePhoto;
  /** The reservation it belongs to, as the document refers to it ("18 · Damage · rmk_…"). */
  reference: string;
}

/** How many sheet pages `count` photos take. */
export function sheetPageCount(count: number): number {
  return Math.ceil(count / PHOTOS_PER_PAGE);
}

/** The sheet pages (from 1) that the photos from index `first` (in sheet order) on, `count` of them, fall on: "2" or "2–3". */
export function sheetPages(first: number, count: number): string {
  const from = Math.floor(first / PHOTOS_PER_PAGE) + 1;
  const to = Math.floor((first + count - 1) / PHOTOS_PER_PAGE) + 1;
  return from === to ? String(from) : `${from}–${to}`;
}
