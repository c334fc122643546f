/**
 * FlateDecode streams compressed by Node's zlib (native code) instead of pdf-lib's pako (JavaScript,
 * about five times slower): the same format, read by every PDF reader alike, with other bytes.
 * Used for what makes most of a note's bytes: the font subsets and the pages' text.
 */
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFRef } from 'pdf-lib';

export function registerFlateStream(context: PDFContext, bytes: Uint8Array): PDFRef {
  return context.register(context.stream(deflateSync(bytes), { Filter: 'FlateDecode' }));
}
