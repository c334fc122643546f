import { describe, expect, it } from 'vitest';
import { decimalSum, plainNumber } from './note-text.js';

describe('decimalSum', () => {
  it('adds numbers as written, never in floating point', () => {
    expect(decimalSum(Array.from({ length: 60 }, () => 0.7))).toBe('42');
    expect(decimalSum(Array.from({ length: 60 }, () => 10.1))).toBe('606');
    expect(decimalSum([0.1, 0.2])).toBe('0.3');
    expect(decimalSum([0.1, 0.2, 24999.975])).toBe('25000.275');
    expect(decimalSum([0.2, 0.1, 1e-7])).toBe('0.3000001');
    expect(decimalSum([1.5, -2.25])).toBe('-0.75');
    expect(decimalSum([9007199254740991, 2])).toBe('9007199254740993');
    expect(decimalSum([])).toBe('0');
  });
});

describe('plainNumber', () => {
  it('prints a number as given, without grouping or exponent', () => {
    expect(plainNumber(3120.5)).toBe('3120.5');
    expect(plainNumber(8640)).toBe('8640');
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(-0.5)).toBe('-0.5');
  });
});
