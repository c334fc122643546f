/**
 * A drawn signature kept before images had a pixel limit, and over it now, is left out of the
 * PDFs that print it instead of being decoded (a 12 KB PNG of 10,000×10,000 pixels otherwise ties
 * a render thread up for half a minute and hundreds of megabytes): the note and the proof of
 * delivery render at once, with the signer's name and without the image; an image within the
 * limit is still drawn.
 */
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderConsignmentNote } from '../../src/modules/documents/consignment-note/render-consignment-note.js';
import { renderProofOfDelivery, type PodPdfInput } from '../../src/modules/pod/render-proof-of-delivery.js';
import { NOTE_AT, noteInput } from '../support/note-pdf.js';
import { hugePng, png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';

/** How many images the PDF holds. */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
}

const signature = (image: Buffer) => ({ role: 'consignor' as const, signer_name: 'Sanne de Vries', signed_at: NOTE_AT, method: 'drawn', level: 'platform_auth', image_png: image });

function podInput(image: Buffer): PodPdfInput {
  return {
    shipment_id: 'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA',
    reference: 'PO-1',
    document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZC',
    language: 'en',
    rendered_at: NOTE_AT,
    consignee: 'Rheinstahl GmbH',
    delivered_at: NOTE_AT,
    place: 'Duisburg',
    position: null,
    signature: { signer_name: 'Jan Bakker', signed_at: NOTE_AT, method: 'drawn', level: 'platform_auth', document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB', document_sha256: 'a'.repeat(64), image_png: image },
    remarks: [],
    note: { document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB', version: 2, sha256: 'b'.repeat(64) },
    chain: { seq: 4, hash: 'c'.repeat(64) },
  };
}

describe('a stored signature image over the pixel limit', () => {
  it('is left out of the consignment note, which renders at once; one within the limit is drawn', async () => {
    const without = await renderConsignmentNote(noteInput(fullShipment(), { signatures: [signature(hugePng())] }));
    const drawn = await renderConsignmentNote(noteInput(fullShipment(), { signatures: [signature(png(40))] }));
    expect((await imageCount(drawn)) - (await imageCount(without))).toBe(1);
  }, 15_000);

  it('is left out of the proof of delivery, which renders at once; one within the limit is drawn', async () => {
    const without = await renderProofOfDelivery(podInput(hugePng()));
    const drawn = await renderProofOfDelivery(podInput(png(40)));
    expect((await imageCount(drawn)) - (await imageCount(without))).toBe(1);
  }, 15_000);
});
