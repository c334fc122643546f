/**
 * What every PDF the service renders shares (the note, the proof of delivery): A4 pages, the
 * note's fonts embedded under fixed names — pdf-lib would otherwise prefix a random tag and the
 * bytes would differ per render — and metadata dated from the input, never from the clock.
 *
 * The fonts are parsed once per process and each document embeds its own subset of them
 * (cmap-font-embedder.ts). They are not made by `doc.embedFont`, so the document does not embed
 * them itself when saved: `finishServicePdf` does, then hands the document to the step that saves
 * it — plainly, or with the seal's placeholder added first (pades/seal-pdf.ts), so a sealed
 * version is saved once.
 */
import { PDFDocument, PDFFont } from 'pdf-lib';
import { CmapSubsetEmbedder, type ParsedFont } from './cmap-font-embedder.js';
import { parsedNoteFonts } from './note-fonts.js';

export const A4 = { width: 595.28, height: 841.89 } as const;

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface ServicePdf {
  doc: PDFDocument;
  fonts: PdfFonts;
}

/** Turns a finished document into its bytes: `plainSave`, or sealing (pades/seal-pdf.ts `sealDocument`). */
export type SavePdf = (doc: PDFDocument) => Promise<Uint8Array>;

/**
 * pdf-lib's writer pauses for a timer (at least a millisecond) after every 50 objects, to let an
 * event loop breathe; renders run in worker threads with nothing to let through, so it never does.
 */
export const SAVE_IN_ONE_GO = { objectsPerTick: Number.POSITIVE_INFINITY } as const;

export const plainSave: SavePdf = (doc) => doc.save(SAVE_IN_ONE_GO);

function embedParsed(doc: PDFDocument, font: ParsedFont, name: string): PDFFont {
  return PDFFont.of(doc.context.nextRef(), doc, new CmapSubsetEmbedder(font, name));
}

export async function newServicePdf(): Promise<ServicePdf> {
  const parsed = await parsedNoteFonts();
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: embedParsed(doc, parsed.regular, 'FDSNote-Regular'), bold: embedParsed(doc, parsed.bold, 'FDSNote-Bold') };
  return { doc, fonts };
}

export async function finishServicePdf({ doc, fonts }: ServicePdf, save: SavePdf): Promise<Uint8Array> {
  await fonts.regular.embed();
  await fonts.bold.embed();
  return save(doc);
}

export function stampMetadata(doc: PDFDocument, meta: { title: string; language: string; at: Date; subject?: string }): void {
  doc.setTitle(meta.title);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setLanguage(meta.language);
  doc.setProducer('freight-document-service');
  doc.setCreator('freight-document-service');
  doc.setCreationDate(meta.at);
  doc.setModificationDate(meta.at);
}
