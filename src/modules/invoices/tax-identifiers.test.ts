import { describe, expect, it } from 'vitest';
import { isBelgianEnterpriseNumber, isGln, isIban, isVatNumber, normalizeVatNumber, vatCountry } from './tax-identifiers.js';

describe('tax identifiers', () => {
  it('checks VAT numbers by their country\'s shape, in any spacing', () => {
    expect(isVatNumber('NL856712345B01')).toBe(true);
    expect(isVatNumber('nl 8567.12345.B01')).toBe(true);
    expect(isVatNumber('NL856712345')).toBe(false);
    expect(isVatNumber('DE287654321')).toBe(true);
    expect(isVatNumber('ATU12345678')).toBe(true);
    expect(isVatNumber('EL123456789')).toBe(true);
    expect(vatCountry('EL123456789')).toBe('GR');
    expect(isVatNumber('CHE-116.281.710 MWST')).toBe(true);
    expect(normalizeVatNumber('CHE-116.281.710 MWST')).toBe('CHE116281710MWST');
    expect(isVatNumber('XX123')).toBe(false);
  });

  it('checks IBAN check digits (ISO 13616), GLN (GS1 mod 10) and the Belgian enterprise number (mod 97)', () => {
    expect(isIban('NL91ABNA0417164300')).toBe(true);
    expect(isIban('NL92ABNA0417164300')).toBe(false);
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isGln('7612345000008')).toBe(true);
    expect(isGln('7612345000004')).toBe(false);
    expect(isBelgianEnterpriseNumber('0477472701')).toBe(true);
    expect(isBelgianEnterpriseNumber('0477472702')).toBe(false);
  });
});
