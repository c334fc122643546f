import { describe, expect, it } from 'vitest';
import { convertCents, formatCents, formatScaled, parseCents, parseScaled, percentOf } from './money.js';

describe('money', () => {
  it('parses decimal strings into cents and refuses more than two decimals', () => {
    expect(parseCents('1250')).toBe(125000n);
    expect(parseCents('1250.5')).toBe(125050n);
    expect(parseCents('-0.07')).toBe(-7n);
    expect(parseCents('1.005')).toBeNull();
    expect(parseCents('1e3')).toBeNull();
  });

  it('formats cents with exactly two decimals', () => {
    expect(formatCents(125000n)).toBe('1250.00');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(-7n)).toBe('-0.07');
  });

  it('rounds a percentage half away from zero to the cent, where floats would not', () => {
    // 0.50 × 21 % = 0.105: a float gives 0.10500000000000001 or 0.10499999999999998 by path.
    expect(percentOf(50n, 2100n)).toBe(11n);
    expect(percentOf(-50n, 2100n)).toBe(-11n);
    expect(percentOf(125000n, 2100n)).toBe(26250n);
    expect(percentOf(1999n, 550n)).toBe(110n); // 19.99 × 5.5 % = 1.09945
    // 1.15 × 21 % = 0.2415 → 0.24
    expect(percentOf(115n, 2100n)).toBe(24n);
  });

  it('converts at a six-decimal rate and prints scaled values in their shortest form', () => {
    expect(convertCents(26250n, parseScaled('1.171234', 6)!)).toBe(30745n); // 262.50 × 1.171234 = 307.449…
    expect(formatScaled(2100n, 2)).toBe('21');
    expect(formatScaled(550n, 2)).toBe('5.5');
    expect(formatScaled(5n, 2)).toBe('0.05');
  });
});
