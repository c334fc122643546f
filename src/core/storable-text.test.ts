import { describe, expect, it } from 'vitest';
import { hasUnstorableText, unstorableTextFindings } from './storable-text.js';

describe('text PostgreSQL cannot store', () => {
  it('finds U+0000 and unpaired surrogates, not paired ones or other control characters', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('\uD800')).toBe(true);
    expect(hasUnstorableText('x\uDC00')).toBe(true);
    expect(hasUnstorableText('\uDC00\uD800')).toBe(true);
    expect(hasUnstorableText('😀 emoji')).toBe(false);
    expect(hasUnstorableText('tab\tnew line\n\u0001')).toBe(false);
  });

  it('reports each bad string and member name by its JSON path', () => {
    const findings = unstorableTextFindings({ a: ['ok', 'b\u0000'], 'k\u0000': 1, c: { d: '\uD83D' } });
    expect(findings.map((f) => `${f.path} ${f.code}`)).toEqual(['$.a[1] invalid_characters', '$.k\u0000 invalid_characters', '$.c.d invalid_characters']);
  });
});
