/**
 * Consignment notes rendered to a scratch directory and read back as a reader would: the text of
 * each page with `pdftotext` (poppler-utils), optionally with `-layout`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsignmentNoteInput } from '../../src/modules/documents/consignment-note/consignment-note-input.js';
import { renderConsignmentNote } from '../../src/modules/documents/consignment-note/render-consignment-note.js';

export const INSPECTION_URL = 'https://fds.example/inspect/Qm9yZGVyLWNoZWNrLXRva2VuLTE5Mg';
export const NOTE_AT = new Date('2026-11-24T09:30:00Z');

export function noteInput(shipment: object, overrides: Partial<ConsignmentNoteInput> = {}): ConsignmentNoteInput {
  return {
    shipment: { ...shipment, id: 'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA', status: 'issued', transport_type: 'international' },
    document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB',
    version: 1,
    inspection_url: INSPECTION_URL,
    language: 'en',
    established: { place: 'Rotterdam', at: NOTE_AT },
    rendered_at: NOTE_AT,
    ...overrides,
  };
}

export interface NotePages {
  path: string;
  pageCount: number;
  /** `pdftotext -f n -l n` of page n (from 1), in reading order. */
  page(n: number, options?: { layout?: boolean }): string;
  /** `pdftotext` of the whole note. */
  all(options?: { layout?: boolean }): string;
}

export function noteReader(): { render(input: ConsignmentNoteInput): Promise<NotePages>; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'fds-note-pages-'));
  let n = 0;
  const text = (path: string, args: string[]) => execFileSync('pdftotext', ['-enc', 'UTF-8', ...args, path, '-'], { encoding: 'utf8' });
  return {
    async render(input) {
      const path = join(dir, `note-${n++}.pdf`);
      writeFileSync(path, await renderConsignmentNote(input));
      const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
      const layout = (options?: { layout?: boolean }) => (options?.layout ? ['-layout'] : []);
      return {
        path,
        pageCount,
        page: (page, options) => text(path, ['-f', String(page), '-l', String(page), ...layout(options)]),
        all: (options) => text(path, layout(options)),
      };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Text with all whitespace dropped: a sentence wrapped over lines is found whole. */
export const squash = (text: string) => text.replace(/\s+/g, '');
