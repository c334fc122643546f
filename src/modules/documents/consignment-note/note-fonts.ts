/**
 * The fonts embedded in every note: DejaVu Sans Condensed, regular and bold (npm `dejavu-fonts-ttf`),
 * which cover Latin, Latin Extended, Greek and Cyrillic — Polish, Czech, Romanian, Turkish, Greek
 * and Russian names print as written. Read and parsed once per process (each render worker thread
 * has its own), and shared by every document, which embeds its own subset (cmap-font-embedder.ts).
 * Embedded as full TrueType files through fontkit (DESIGN: a WOFF2 would crash the subsetter).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { ParsedFont, type Font } from './cmap-font-embedder.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface ParsedFonts {
  regular: ParsedFont;
  bold: ParsedFont;
}

let loaded: Promise<FontBytes> | undefined;
let parsed: Promise<ParsedFonts> | undefined;

export function noteFonts(): Promise<FontBytes> {
  loaded ??= Promise.all([readFile(join(FONT_DIR, 'DejaVuSansCondensed.ttf')), readFile(join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf'))]).then(([regular, bold]) => ({ regular, bold }));
  return loaded;
}

export function parsedNoteFonts(): Promise<ParsedFonts> {
  parsed ??= noteFonts().then((bytes) => ({
    regular: new ParsedFont(fontkit.create(bytes.regular) as Font, bytes.regular),
    bold: new ParsedFont(fontkit.create(bytes.bold) as Font, bytes.bold),
  }));
  return parsed;
}
