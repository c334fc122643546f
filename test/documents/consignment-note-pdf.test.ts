/**
 * The consignment note as a reader sees it: text extracted box by box with `pdftotext` (Debian
 * poppler-utils), page size and count with `pdfinfo`, and the QR code decoded from a rendered page
 * with `zbarimg` (zbar-tools) — for a minimal note, ADR goods, 200 goods lines, long texts, Latin
 * Extended names and four label languages. `.ci/run` installs both tools.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTE_LABELS } from '../../src/modules/documents/consignment-note/cmr-labels.js';
import type { ConsignmentNoteInput, NoteLanguage } from '../../src/modules/documents/consignment-note/consignment-note-input.js';
import { renderConsignmentNote } from '../../src/modules/documents/consignment-note/render-consignment-note.js';
import { INSPECTION_URL, NOTE_AT, noteInput } from '../support/note-pdf.js';
import { png } from '../support/sample-files.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-note-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const INSPECTION = INSPECTION_URL;
const AT = NOTE_AT;
const input = noteInput;

interface Rendered {
  bytes: Uint8Array;
  path: string;
  /** pdftotext -layout of every page: lines as they stand on the page. */
  text: string;
  /** pdftotext in reading order (box by box), whitespace dropped: wrapped text is found whole. */
  flow: string;
  /** Text of each page, without layout: one string per page. */
  pages: string[];
  pageCount: number;
  pageSize: string;
}

async function render(i: ConsignmentNoteInput): Promise<Rendered> {
  const bytes = await renderConsignmentNote(i);
  const path = join(dir, `note-${n++}.pdf`);
  writeFileSync(path, bytes);
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const pageCount = Number(/Pages:\s+(\d+)/.exec(info)![1]);
  const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return {
    bytes,
    path,
    text: execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }),
    flow: squash(raw),
    pages: raw.split('\f').slice(0, pageCount),
    pageCount,
    pageSize: /Page size:\s+([^\n]+)/.exec(info)![1]!,
  };
}

/** Text with all whitespace dropped: a sentence wrapped over lines is found whole. */
const squash = (text: string) => text.replace(/\s+/g, '');

function decodeQr(path: string): string {
  const prefix = join(dir, `page-${n++}`);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', path, prefix]);
  return execFileSync('zbarimg', ['--raw', '-q', `${prefix}-1.png`], { encoding: 'utf8' }).trim();
}

describe('consignment note PDF', () => {
  it('prints every box of the CMR form with its number and title, the parties, the goods and the QR code of the inspection link', async () => {
    const note = await render(input(fullShipment()));
    expect(note.pageSize).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(note.pageCount).toBe(1);
    const text = note.flow;
    for (const [box, title] of Object.entries(NOTE_LABELS.en.boxes)) {
      // The goods table's titles wrap in their narrow columns: every word, after the number.
      if (Number(box) >= 6 && Number(box) <= 12) for (const word of title.split(' ')) expect(text, `box ${box}`).toContain(word);
      else expect(text, `box ${box}`).toContain(squash(`${box} ${title}`));
    }
    for (const box of [6, 7, 8, 9, 10, 11, 12]) expect(note.text).toMatch(new RegExp(`\\b${box} ${NOTE_LABELS.en.boxes[box]!.split(' ')[0]}`));
    for (const value of [
      'Havenbedrijf Noordzee Logistics B.V.',
      'Rheinstahl Komponenten GmbH',
      'Van den Berg Transport B.V.',
      'Steel flanges DN150, zinc plated',
      'RK-55321/1-12',
      '730791',
      'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA',
      'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB',
      'Commercial invoice 2026-118734',
      'Customs formalities completed by the consignor',
      'Rotterdam · 2026-11-24 10:30 CET',
    ]) {
      expect(text).toContain(squash(value));
    }
    // Numbers without thousands separators, so a search finds them.
    expect(note.text).toContain('8640');
    expect(note.text).toContain('212.5');
    expect(note.text).toContain('9672.5 kg');
    expect(note.text).not.toMatch(/8,640|9,672/);
    // ADR particulars of the dangerous goods line.
    expect(text).toContain(squash('ADR: UN 1219, ISOPROPANOL, 3, PG II, (D/E)'));
    // Plates.
    expect(note.text).toMatch(/Vehicle: \S+/);
    expect(decodeQr(note.path)).toBe(INSPECTION);
  });

  it('renders a minimal shipment on one page, and the same input to the same bytes', async () => {
    const a = await render(input(minimalShipment()));
    const b = await render(input(minimalShipment()));
    expect(a.pageCount).toBe(1);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const other = await render(input(minimalShipment(), { version: 2 }));
    expect(Buffer.from(other.bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });

  it('continues 200 goods lines on further pages, every line printed once, with page numbers', async () => {
    const shipment = { ...fullShipment(), goods: Array.from({ length: 200 }, (_, i) => ({ description: `Article ${String(i + 1).padStart(3, '0')} spare part`, quantity: i + 1, package_type: 'box', gross_weight_kg: 1000 + i + 0.5 })) };
    const note = await render(input(shipment));
    expect(note.pageCount).toBeGreaterThanOrEqual(3);
    for (let i = 1; i <= 200; i++) expect(note.text.match(new RegExp(`Article ${String(i).padStart(3, '0')} spare part`, 'g')), `line ${i}`).toHaveLength(1);
    expect(note.text).toContain('1199.5');
    expect(note.text).toContain(`Page ${note.pageCount} of ${note.pageCount}`);
    expect(note.pages[1]).toContain('(continued)');
    expect(decodeQr(note.path)).toBe(INSPECTION);
  });

  it('wraps long texts and continues what does not fit, cutting nothing off', async () => {
    const long = (label: string) => Array.from({ length: 60 }, (_, i) => `${label}${i}`).join(' ').padEnd(2000, '.').slice(0, 2000);
    const shipment = {
      ...fullShipment(),
      sender_instructions: long('instruction'),
      special_agreements: long('agreement'),
      documents_attached: Array.from({ length: 20 }, (_, i) => `Attached document number ${i + 1} with a long descriptive title`),
      successive_carriers: Array.from({ length: 10 }, (_, i) => ({ name: `Successive Carrier ${i + 1} Sp. z o.o.`, address: { street: 'ul. Długa 1', city: 'Poznań', country: 'PL' } })),
    };
    const note = await render(input(shipment));
    expect(note.pageCount).toBeGreaterThan(1);
    const text = note.flow;
    // Each text starts in its box and ends on a continuation page: every word once, and the end.
    for (let i = 0; i < 60; i++) {
      expect(text.match(new RegExp(`instruction${i}(?!\\d)`, 'g')), `instruction${i}`).toHaveLength(1);
      expect(text.match(new RegExp(`agreement${i}(?!\\d)`, 'g')), `agreement${i}`).toHaveLength(1);
    }
    expect(text).toContain(squash("13 Sender's instructions (continued)"));
    expect(text).toContain(squash('19 Special agreements (continued)'));
    expect(text).toContain(`instruction59${'.'.repeat(100)}`);
    for (const d of shipment.documents_attached) expect(text).toContain(squash(d));
    for (let i = 1; i <= 10; i++) expect(text).toContain(squash(`${i}. Successive Carrier ${i} Sp. z o.o.`));
    expect(note.text).toContain('continued on the following page(s)');
  });

  it('prints Latin Extended names exactly (Polish, Czech, Romanian, Turkish)', async () => {
    const names = ['Łódź Żółć Spółka', 'Příliš žluťoučký kůň s.r.o.', 'Ștefan Țară Transport', 'İstanbul Şişli Lojistik ğüö'];
    const shipment = {
      ...minimalShipment(),
      consignor: { name: names[0]!, address: { street: 'ul. Źródlana 5', city: 'Łódź', country: 'PL' } },
      consignee: { name: names[1]!, address: { street: 'Náměstí Míru 1', city: 'Brno', country: 'CZ' } },
      carrier: { name: names[2]!, address: { street: 'Strada Mărășești 3', city: 'Iași', country: 'RO' } },
      goods: [{ description: names[3]!, quantity: 1, package_type: 'pallet', gross_weight_kg: 3120.5 }],
    };
    const note = await render(input(shipment));
    for (const name of [...names, 'ul. Źródlana 5', 'Strada Mărășești 3', 'Iași']) expect(note.text).toContain(name);
    expect(note.text).toContain('3120.5');
  });

  it.each(['nl', 'de', 'fr'] as NoteLanguage[])('labels the boxes in %s', async (language) => {
    const note = await render(input(fullShipment(), { language }));
    const text = note.flow;
    const labels = NOTE_LABELS[language];
    for (const box of [1, 2, 16, 18, 24]) expect(text).toContain(squash(`${box} ${labels.boxes[box]!}`));
    expect(text).toContain(squash(labels.title));
    expect(text).not.toContain(squash(NOTE_LABELS.en.boxes[1]!));
  });

  it.each([
    ['en', 'combined', 'Transport: combined'],
    ['nl', 'international', 'Vervoer: internationaal'],
    ['nl', 'combined', 'Vervoer: gecombineerd'],
    ['de', 'national', 'Beförderung: Inland'],
    ['de', 'cabotage', 'Beförderung: Kabotage'],
    ['fr', 'combined', 'Transport: combiné'],
  ] as [NoteLanguage, string, string][])('words the transport type in the note language: %s, %s', async (language, type, printed) => {
    const shipment = { ...noteInput(fullShipment()).shipment, transport_type: type };
    const note = await render(input(fullShipment(), { language, shipment }));
    expect(note.text).toContain(printed);
  });

  it('puts signatures in their boxes, with the drawn image, and reservations in boxes 18 and 24', async () => {
    const note = await render(
      input(fullShipment(), {
        signatures: [
          { role: 'consignor', signer_name: 'Sanne de Vries', signed_at: AT, method: 'drawn', level: 'platform_auth', image_png: png(40, [10, 10, 120]) },
          { role: 'carrier', signer_name: 'Pieter Jansen', signed_at: AT, method: 'typed', level: 'ades' },
        ],
        reservations: [
          { phase: 'pickup', type: 'damage', text: 'Two pallets with broken corners.', created_at: AT },
          { phase: 'delivery', type: 'shortage', text: 'One carton missing.', created_at: AT },
        ],
      }),
    );
    const text = note.flow;
    expect(text).toContain(squash('Signed by: Sanne de Vries'));
    expect(text).toContain(squash('Signed by: Pieter Jansen'));
    expect(text).toContain(squash('Two pallets with broken corners.'));
    expect(text).toContain(squash("Consignee's reservations"));
    expect(text).toContain(squash('One carton missing.'));
    expect(execFileSync('pdfimages', ['-list', note.path], { encoding: 'utf8' })).toMatch(/\n\s*1\s+\d+\s+image\s+40\s+40/);
    expect(readFileSync(note.path).length).toBeGreaterThan(0);
  });
});
