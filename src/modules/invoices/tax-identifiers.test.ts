import { describe, expect, it } from 'vitest';
import { documentNumber } from './document-number.js';
import { isBelgianEnterpriseNumber, isCvrNumber, isGln, isGreekTin, isIban, isSwedishOrganisationNumber, isVatNumber, normalizeVatNumber, taxRegistrationProblem, vatCountry, vatEndpointId } from './tax-identifiers.js';

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

  it('checks the Danish CVR number, the Swedish organisation number (Luhn) and the Greek TIN (its check digit)', () => {
    expect(isCvrNumber('13585628')).toBe(true);
    expect(isCvrNumber('0358562')).toBe(false);
    expect(isSwedishOrganisationNumber('5560360793')).toBe(true);
    expect(isSwedishOrganisationNumber('5560360794')).toBe(false);
    expect(isGreekTin('094014201')).toBe(true);
    expect(isGreekTin('094014202')).toBe(false);
    expect(vatEndpointId('EL 094014201')).toBe('094014201');
    expect(vatEndpointId('DE287654321')).toBe('DE287654321');
  });

  it('accepts as tax registration only the F-tax text of a Swedish seller and a codice fiscale of an Italian one', () => {
    expect(taxRegistrationProblem('SE', 'godkänd för f-skatt')).toBeUndefined();
    expect(taxRegistrationProblem('SE', 'F-skatt')).toContain('SE-R-005');
    expect(taxRegistrationProblem('IT', 'RSSMRA80A01H501U')).toBeUndefined();
    expect(taxRegistrationProblem('IT', 'RSS-80')).toContain('IT-R-001');
    expect(taxRegistrationProblem('NL', 'anything')).toBeUndefined();
  });

  it('numbers a Greek seller\'s documents in six segments (GR-R-001), others with prefix and counter', () => {
    expect(documentNumber({ invoice_number_prefix: 'TF', vat_number: 'EL094014201' }, 7, '2026-12-05', 'invoice')).toBe('094014201|05/12/2026|0|2.1|TF|0007');
    expect(documentNumber({ invoice_number_prefix: 'TF', vat_number: 'EL094014201' }, 8, '2026-12-05', 'credit_note')).toBe('094014201|05/12/2026|0|5.1|TF|0008');
    expect(documentNumber({ invoice_number_prefix: 'VDB-2026-', vat_number: 'NL856712345B01' }, 12, '2026-12-05', 'invoice')).toBe('VDB-2026-0012');
  });
});
