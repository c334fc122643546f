/**
 * The note's photo annex as a reader sees it, rendered straight from a note input: six photos an
 * annex page, a reservation whose photos span two pages names both ("annex pages 1–2"), the
 * labels follow the note's language, a file the renderer cannot decode gets a placeholder with its
 * hash, and a photo over the pixel limit is never decoded (placeholder too). Same input, same bytes.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { EvidencePhoto, NoteLanguage } from '../../src/modules/documents/consignment-note/consignment-note-input.js';
import { renderConsignmentNote } from '../../src/modules/documents/consignment-note/render-consignment-note.js';
import { NOTE_AT, noteInput, noteReader, squash } from '../support/note-pdf.js';
import { heic, hugePng, png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';

const photo = (i: number, bytes: Buffer, contentType = 'image/png'): EvidencePhoto => ({
  document_id: `doc_01JDB8X4V5N2K7Q9R3T6W8Y0${String(i).padStart(2, '0')}`,
  content_type: contentType,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  captured_at: new Date(NOTE_AT.getTime() + i * 60_000),
  bytes,
});

function annexInput(language: NoteLanguage) {
  const pickup = Array.from({ length: 7 }, (_, i) => photo(i, png(32 + i, [20 * i, 90, 160])));
  const delivery = [photo(7, heic(), 'image/heic'), photo(8, hugePng())];
  return noteInput(fullShipment(), {
    language,
    reservations: [
      { id: 'rmk_01JDB8X4V5N2K7Q9R3T6W8Y0R1', phase: 'pickup', type: 'damage', text: 'Pallets crushed.', created_at: NOTE_AT, photos: pickup },
      { id: 'rmk_01JDB8X4V5N2K7Q9R3T6W8Y0R2', phase: 'delivery', type: 'shortage', text: 'Cartons missing.', created_at: NOTE_AT, photos: delivery },
    ],
  });
}

describe('the note photo annex', () => {
  it('six photos a page; boxes 18 and 24 name the annex pages; undecodable and oversized files get placeholders with their hashes', async () => {
    const reader = noteReader();
    try {
      const input = annexInput('en');
      const note = await reader.render(input);
      expect(note.pageCount).toBe(3);
      expect(squash(note.page(1))).toContain(squash('7 photos, annex pages 1–2'));
      expect(squash(note.page(1))).toContain(squash('2 photos, annex page 2'));
      expect(note.page(2)).toContain('Annex page 1 of 2: photos of the reservations');
      expect(note.page(3)).toContain('Annex page 2 of 2: photos of the reservations');
      const images = execFileSync('pdfimages', ['-list', note.path], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim() !== '').map((l) => l.trim().split(/\s+/));
      expect(images.filter((c) => c[0] === '2')).toHaveLength(6);
      // Page 3: the seventh pickup photo only; the HEIC and the 100-megapixel PNG are placeholders.
      expect(images.filter((c) => c[0] === '3').map((c) => [c[3], c[4]])).toEqual([['38', '38']]);
      expect(note.page(3).match(/No preview/g)).toHaveLength(2);
      for (const r of input.reservations!) for (const p of r.photos!) expect(note.all()).toContain(`SHA-256 ${p.sha256}`);
      expect(note.page(3)).toContain('24 · Shortage · rmk_01JDB8X4V5N2K7Q9R3T6W8Y0R2');
      expect(Buffer.compare(Buffer.from(await renderConsignmentNote(input)), Buffer.from(await renderConsignmentNote(input)))).toBe(0);
    } finally {
      reader.cleanup();
    }
  });

  it('speaks the note language', async () => {
    const reader = noteReader();
    try {
      const note = await reader.render(annexInput('de'));
      expect(squash(note.page(1))).toContain(squash('7 Fotos, Anlage Seiten 1–2'));
      expect(note.page(2)).toContain('Anlage Seite 1 von 2: Fotos zu den Vorbehalten');
      expect(note.page(3)).toContain('Keine Vorschau');
    } finally {
      reader.cleanup();
    }
  });
});
