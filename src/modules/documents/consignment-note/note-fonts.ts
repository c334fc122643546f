/**
 * The fonts embedded in every note: DejaVu Sans Condensed, regular and bold (npm `dejavu-fonts-ttf`),
 * which cover Latin Extended — Polish, Czech, Romanian and Turkish names print as written. Read
 * once per process. Embedded as full TrueType files through fontkit (DESIGN: a WOFF2 would crash
 * the subsetter).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** Plain text, no kerning or ligatures: what is searched and extracted is what was written. */
export const FONT_FEATURES = { kern: false, liga: false, clig: false, calt: false, dlig: false };

let loaded: Promise<FontBytes> | undefined;

export function noteFonts(): Promise<FontBytes> {
  loaded ??= Promise.all([readFile(join(FONT_DIR, 'DejaVuSansCondensed.ttf')), readFile(join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf'))]).then(([regular, bold]) => ({ regular, bold }));
  return loaded;
}
