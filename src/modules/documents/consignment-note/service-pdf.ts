/**
 * What every PDF the service renders shares (the note, the proof of delivery): A4 pages, the
 * note's fonts embedded under fixed names — pdf-lib would otherwise prefix a random tag and the
 * bytes would differ per render — and metadata dated from the input, never from the clock.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { FONT_FEATURES, noteFonts } from './note-fonts.js';

export const A4 = { width: 595.28, height: 841.89 } as const;

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function newServicePdf(): Promise<{ doc: PDFDocument; fonts: PdfFonts }> {
  const bytes = await noteFonts();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true, customName: 'FDSNote-Regular', features: FONT_FEATURES }),
    bold: await doc.embedFont(bytes.bold, { subset: true, customName: 'FDSNote-Bold', features: FONT_FEATURES }),
  };
  return { doc, fonts };
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
