/**
 * A pdf-lib font embedder that takes a font parsed once per process and gives each document its
 * own subset, mapping text to glyphs through the font's cmap instead of OpenType shaping.
 *
 * pdf-lib's own subset embedder parses the font file anew for every document (fontkit copies and
 * decodes ~700 KB of tables each time) and runs fontkit's full `layout()` — GSUB/GPOS lookups
 * decoded again at every call — for every string drawn or measured, although the note turns
 * kerning and ligatures off and discards the positions. For the scripts the note prints (Latin,
 * Latin Extended, Greek, Cyrillic) one character is one glyph, so the cmap gives the same glyphs.
 * Text is normalised to NFC first, so a letter written with a combining mark comes out as the
 * composed glyph, as shaping did. What shaping did besides, kept here: a default-ignorable
 * character (soft hyphen, zero-width space, direction marks) becomes the space glyph, and a
 * variation selector is dropped. A character the font lacks is glyph 0 (.notdef, an empty box),
 * as before; it has no ToUnicode entry, so text extraction skips it.
 *
 * The hook is pdf-lib's public extension point: `CustomFontEmbedder` has a protected constructor
 * and protected `glyphId`, `isCFF`, `serializeFont` and `glyphCache`, and `PDFFont.of` takes any
 * such embedder. Two things this relies on go beyond the types: the base class builds the widths
 * (/W) and the ToUnicode CMap from `glyphCache` entries' `id`, `advanceWidth` and `codePoints`; and
 * a fontkit subset encodes synchronously into restructure's EncodeStream (`encodeSubset`). Both
 * were checked against pdf-lib 1.17.1 and @pdf-lib/fontkit 1.1.1; test/documents/note-fonts.test.ts
 * fails if a document embedded this way stops being identical to pdf-lib's own subset embedding of
 * the same text, object for object, once the streams are inflated (the font file is compressed
 * natively here, so its compressed bytes differ).
 */
import { Cache, CustomFontEmbedder, PDFHexString, mergeUint8Arrays, toHexStringOfMinLength, type PDFContext, type PDFRef } from 'pdf-lib';
import { registerFlateStream } from './native-flate.js';

export type Font = CustomFontEmbedder['font'];
type Glyph = ReturnType<Font['glyphForCodePoint']>;

/** A font parsed once per process, with each character's glyph and advance looked up once. */
export class ParsedFont {
  private readonly glyphs = new Map<number, { id: number; advanceWidth: number }>();

  constructor(
    readonly font: Font,
    readonly bytes: Uint8Array,
  ) {}

  glyphFor(codePoint: number): { id: number; advanceWidth: number } {
    let glyph = this.glyphs.get(codePoint);
    if (!glyph) {
      const { id, advanceWidth } = this.font.glyphForCodePoint(codePoint);
      this.glyphs.set(codePoint, (glyph = { id, advanceWidth }));
    }
    return glyph;
  }
}

/** What a document's subset keeps of a glyph: the fields the base class reads (/W and ToUnicode). */
interface SubsetGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

const SPACE = 0x20;

const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/** Default-ignorable code points (Unicode DerivedCoreProperties), as fontkit's layout hides them. */
function isDefaultIgnorable(cp: number): boolean {
  if (cp < 0x10000) {
    switch (cp >> 8) {
      case 0x00:
        return cp === 0x00ad;
      case 0x03:
        return cp === 0x034f;
      case 0x06:
        return cp === 0x061c;
      case 0x17:
        return cp >= 0x17b4 && cp <= 0x17b5;
      case 0x18:
        return cp >= 0x180b && cp <= 0x180e;
      case 0x20:
        return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f);
      case 0xfe:
        return cp === 0xfeff;
      case 0xff:
        return cp >= 0xfff0 && cp <= 0xfff8;
      default:
        return false;
    }
  }
  return (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

/** Below U+0300 nothing composes or decomposes, so most text skips normalisation. */
const mayNeedNormalising = /[\u0300-\uffff]/;

/** `text` in Unicode NFC (composed), as the note draws and measures it. */
export const nfc = (text: string): string => (mayNeedNormalising.test(text) ? text.normalize('NFC') : text);

export class CmapSubsetEmbedder extends CustomFontEmbedder {
  private readonly subset = this.font.createSubset();
  private readonly subsetGlyphs: SubsetGlyph[] = [];
  /** Font glyph id → this document's subset glyph id. */
  private readonly subsetIds = new Map<number, number>();
  /** Code point → its glyph's hex code in this document. */
  private readonly codes = new Map<number, string>();

  constructor(
    private readonly parsed: ParsedFont,
    customName: string,
  ) {
    super(parsed.font, parsed.bytes, customName);
    this.glyphCache = Cache.populatedBy(() => this.subsetGlyphs as unknown as Glyph[]);
  }

  /** The code points drawn for `text`, one glyph each. */
  private static codePoints(text: string): number[] {
    const out: number[] = [];
    for (const ch of nfc(text)) {
      const cp = ch.codePointAt(0)!;
      if (isVariationSelector(cp)) continue;
      out.push(isDefaultIgnorable(cp) ? SPACE : cp);
    }
    return out;
  }

  private code(cp: number): string {
    let code = this.codes.get(cp);
    if (code === undefined) {
      const { id, advanceWidth } = this.parsed.glyphFor(cp);
      let subsetId = this.subsetIds.get(id);
      if (subsetId === undefined) {
        subsetId = this.subset.includeGlyph(id);
        this.subsetIds.set(id, subsetId);
        // Glyph 0 (.notdef) is in every subset already and gets neither a width nor a ToUnicode entry.
        if (subsetId > 0) {
          this.subsetGlyphs[subsetId - 1] = { id, advanceWidth, codePoints: [cp] };
          this.glyphCache.invalidate();
        }
      }
      this.codes.set(cp, (code = toHexStringOfMinLength(subsetId, 4)));
    }
    return code;
  }

  override encodeText(text: string): PDFHexString {
    let hex = '';
    for (const cp of CmapSubsetEmbedder.codePoints(text)) hex += this.code(cp);
    return PDFHexString.of(hex);
  }

  override widthOfTextAtSize(text: string, size: number): number {
    let total = 0;
    for (const cp of CmapSubsetEmbedder.codePoints(text)) total += this.parsed.glyphFor(cp).advanceWidth * this.scale;
    return total * (size / 1000);
  }

  protected override isCFF(): boolean {
    return Boolean((this.subset as { cff?: unknown }).cff);
  }

  protected override glyphId(glyph?: Glyph): number {
    return glyph ? this.subsetIds.get(glyph.id)! : -1;
  }

  protected override serializeFont(): Promise<Uint8Array> {
    return Promise.resolve(encodeSubset(this.font, this.subset));
  }

  /** The subset's file, compressed natively (native-flate.ts); pdf-lib's own would use pako. */
  protected override embedFontStream(context: PDFContext): Promise<PDFRef> {
    return Promise.resolve(registerFlateStream(context, encodeSubset(this.font, this.subset)));
  }
}

type Subset = ReturnType<Font['createSubset']>;
interface EncodeStream {
  end(): void;
  read(): Uint8Array | null;
}
let EncodeStreamClass: (new () => EncodeStream) | undefined;

/**
 * The subset's TrueType file, encoded at once. fontkit's build that Node loads is its browser one:
 * `encodeStream()` starts the encoding, and hands out every chunk, through a `nextTick` made of
 * `setTimeout`, so each font waited a millisecond or more several times per document. Here the
 * subset encodes into the same kind of stream (restructure's EncodeStream, taken from one
 * `encodeStream()` call per process) synchronously, and the bytes are read back from its buffer.
 */
function encodeSubset(font: Font, subset: Subset): Uint8Array {
  EncodeStreamClass ??= (font.createSubset().encodeStream() as unknown as EncodeStream).constructor as new () => EncodeStream;
  const stream = new EncodeStreamClass();
  (subset as unknown as { encode(stream: EncodeStream): void }).encode(stream);
  stream.end();
  const parts: Uint8Array[] = [];
  for (let chunk = stream.read(); chunk !== null; chunk = stream.read()) parts.push(chunk);
  return mergeUint8Arrays(parts);
}
