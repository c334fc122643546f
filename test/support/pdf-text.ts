/** The text of every page of a PDF as a reader gets it, whitespace folded (`pdftotext`, poppler-utils). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** With `SAVE_PDF` set to a path, the last PDF read is also kept there, to look at it. */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'fds-pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    if (process.env.SAVE_PDF) writeFileSync(process.env.SAVE_PDF, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
