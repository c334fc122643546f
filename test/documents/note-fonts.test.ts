/**
 * The note's fonts are parsed once per process and text reaches glyphs through the cmap
 * (cmap-font-embedder.ts) rather than pdf-lib's fontkit shaping. These tests pin that down: the
 * fonts cover the scripts the note prints; a document embedded this way is identical to pdf-lib's
 * own subset embedding of the same text, object for object with streams inflated (the font file is
 * compressed by Node's zlib rather than pako, so only its compressed bytes differ) — so a pdf-lib
 * or fontkit update that changes either path fails here, not in front of an inspector; names in
 * six languages come back exactly from `pdftotext`; and what the font lacks is drawn as .notdef,
 * as before.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFFont, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { CmapSubsetEmbedder } from '../../src/modules/documents/consignment-note/cmap-font-embedder.js';
import { parsedNoteFonts } from '../../src/modules/documents/consignment-note/note-fonts.js';
import { noteInput, noteReader } from '../support/note-pdf.js';
import { minimalShipment } from '../support/shipment-fixtures.js';

/** What the note drew with before: pdf-lib's subset embedding with kerning and ligatures off. */
const FEATURES = { kern: false, liga: false, clig: false, calt: false, dlig: false };

const reader = noteReader();
afterAll(() => reader.cleanup());

const SAMPLES = [
  'Havenbedrijf Noordzee Logistics B.V. — 3089 JH Rotterdam, NL · 9672.5 kg · 16.5 m³ · €1250.00',
  'Łódź Żółć Spółka · Příliš žluťoučký kůň · Ștefan Țară · İstanbul Şişli ğüö · Ærøskøbing · Æsir Œuvre ß',
  'Ελληνικά: Θεσσαλονίκη, Ηράκλειο, Πειραιάς · Русский: Москва, Санкт-Петербург, Ёлкино · Українська: Київ, Її',
  'Soft\u00ADhyphen, zero\u200Bwidth, quotes „“ ‘’ «» ‹›, dashes – —, ▸ • … № ° ± × ÷ ½ ¼ ¾',
];

/** A PDF's objects in order, streams inflated: the same document whichever zlib compressed it. */
async function objects(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.context.enumerateIndirectObjects().map(([ref, object]) => {
    if (!(object instanceof PDFRawStream)) return `${ref} ${object}`;
    const dict = object.dict.clone();
    dict.delete(dict.context.obj('Length') as never);
    return `${ref} ${dict} ${Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')}`;
  });
}

async function twoWays(which: 'regular' | 'bold', texts: string[]): Promise<{ theirs: string[]; ours: string[] }> {
  const parsed = (await parsedNoteFonts())[which];
  const make = async (font: (doc: PDFDocument) => Promise<PDFFont>) => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const f = await font(doc);
    const page = doc.addPage([595.28, 841.89]);
    texts.forEach((text, i) => page.drawText(text, { x: 20 + f.widthOfTextAtSize(text.slice(0, 3), 7), y: 800 - 20 * i, size: 7, font: f }));
    await f.embed();
    return doc.save();
  };
  return {
    theirs: await objects(await make((doc) => doc.embedFont(parsed.bytes, { subset: true, customName: 'FDSNote', features: FEATURES }))),
    ours: await objects(await make(async (doc) => PDFFont.of(doc.context.nextRef(), doc, new CmapSubsetEmbedder(parsed, 'FDSNote')))),
  };
}

describe('the note fonts', () => {
  it('cover Latin, Latin Extended A and B, Greek and Cyrillic', async () => {
    const fonts = await parsedNoteFonts();
    const ranges = [
      [0x20, 0x7e],
      [0xa0, 0xff],
      [0x100, 0x17f],
      [0x180, 0x24f],
      [0x391, 0x3a1],
      [0x3a3, 0x3ce],
      [0x400, 0x4ff],
    ];
    for (const font of [fonts.regular.font, fonts.bold.font]) {
      for (const [from, to] of ranges) for (let cp = from!; cp <= to!; cp++) expect(font.hasGlyphForCodePoint(cp), `U+${cp.toString(16)}`).toBe(true);
    }
  });

  it.each(['regular', 'bold'] as const)('embed %s text as pdf-lib shaping with fontkit did, object for object', async (which) => {
    const { theirs, ours } = await twoWays(which, SAMPLES);
    expect(ours.length).toBeGreaterThan(5);
    expect(ours).toEqual(theirs);
  });

  it('give every character of the fonts the glyph and width shaping gave it, when NFC leaves it as it is', async () => {
    const { regular } = await parsedNoteFonts();
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const theirs = await doc.embedFont(regular.bytes, { subset: true, features: FEATURES });
    const ours = new CmapSubsetEmbedder(regular, 'x');
    // Both number a document's glyphs in the order they are first drawn: the same codes mean the same glyphs.
    const mismatches: string[] = [];
    let compared = 0;
    for (const cp of regular.font.characterSet) {
      const ch = String.fromCodePoint(cp);
      if (ch.normalize('NFC') !== ch) continue;
      let expected: { code: string; width: number };
      try {
        expected = { code: theirs.encodeText(ch).toString(), width: theirs.widthOfTextAtSize(ch, 10) };
      } catch {
        continue; // fontkit's shapers for some scripts throw (regeneratorRuntime is not defined): such text never rendered
      }
      compared++;
      if (ours.encodeText(ch).toString() !== expected.code || ours.widthOfTextAtSize(ch, 10) !== expected.width) mismatches.push(`U+${cp.toString(16)}`);
    }
    expect(compared).toBeGreaterThan(5000);
    expect(mismatches).toEqual([]);
  });

  it('draws a character the font lacks as .notdef (glyph 0), as before, and the rest of the line as written', async () => {
    const { theirs, ours } = await twoWays('regular', ['Reference 中文 ✈ 😀 end']);
    expect(ours).toEqual(theirs);
    const { regular } = await parsedNoteFonts();
    expect(regular.glyphFor('中'.codePointAt(0)!).id).toBe(0);
    expect(new CmapSubsetEmbedder(regular, 'x').encodeText('a中b').toString()).toMatch(/^<0001 ?0000 ?0002>$/);
  });
});

describe('names on the note', () => {
  it('come back exactly from pdftotext in Polish, Czech, Romanian, Turkish, Greek and Cyrillic, composed even when written with combining marks', async () => {
    const names = ['Łódź Żółć Spółka z o.o.', 'Příliš žluťoučký kůň s.r.o.', 'Ștefan Țară Transport SRL', 'İstanbul Şişli Lojistik A.Ş. ğüö', 'Θεσσαλονίκη Μεταφορές Α.Ε.', 'ООО «Транспорт Санкт-Петербург»'];
    const shipment = {
      ...minimalShipment(),
      consignor: { name: names[0]!, address: { street: 'ul. Źródlana 5', city: 'Łódź', country: 'PL' } },
      consignee: { name: names[1]!.normalize('NFD'), address: { street: 'Náměstí Míru 1', city: 'Brno', country: 'CZ' } },
      carrier: { name: names[2]!, address: { street: 'Strada Mărășești 3', city: 'Iași', country: 'RO' } },
      goods: [
        { description: names[3]!, quantity: 1, package_type: 'pallet', gross_weight_kg: 3120.5 },
        { description: names[4]!, quantity: 1, package_type: 'pallet', gross_weight_kg: 1 },
        { description: names[5]!, quantity: 1, package_type: 'pallet', gross_weight_kg: 1 },
      ],
    };
    const text = (await reader.render(noteInput(shipment))).all();
    const lines = text.split('\n').map((line) => line.trim());
    for (const name of names) expect(lines, name).toContain(name);
    for (const place of ['ul. Źródlana 5', 'Strada Mărășești 3', 'Náměstí Míru 1']) expect(lines).toContain(place);
  });
});
