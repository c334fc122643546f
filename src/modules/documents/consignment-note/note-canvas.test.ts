import { describe, expect, it } from 'vitest';
import { MAX_ADVANCES_PER_FONT, keptAdvances, textWidth } from './note-canvas.js';
import { newServicePdf } from './service-pdf.js';

describe('textWidth', () => {
  it('keeps at most MAX_ADVANCES_PER_FONT characters per font, and measures alike past the bound', async () => {
    const { fonts } = await newServicePdf();
    const font = fonts.regular;
    const latin = 'Łódź — Ολυμπία, Москва';
    const before = textWidth(font, latin, 10);
    expect(before).toBeCloseTo(font.widthOfTextAtSize(latin, 10), 6);
    // Text a user may send: thousands of distinct characters (CJK, outside the fonts' scripts).
    for (let from = 0x4e00; from < 0x4e00 + 3 * MAX_ADVANCES_PER_FONT; from += 64) {
      textWidth(font, String.fromCodePoint(...Array.from({ length: 64 }, (_, i) => from + i)), 10);
      expect(keptAdvances(font)).toBeLessThanOrEqual(MAX_ADVANCES_PER_FONT);
    }
    expect(textWidth(font, latin, 10)).toBe(before);
  });
});
