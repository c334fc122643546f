import { describe, expect, it } from 'vitest';
import type { Party } from '../shipments/shipment-input.schema.js';
import { carrierDifferences, companyNameKey } from './carrier-identity.js';
import type { InvoicingProfile } from './invoice.schema.js';

const profile = { legal_name: 'Van den Berg Transport B.V.', vat_number: 'NL856712345B01' } as InvoicingProfile;
const carrier = (name: string, vat_number?: string): Party => ({ name, address: { street: 'Weg 1', city: 'Venlo', country: 'NL' }, ...(vat_number ? { vat_number } : {}) });

describe('companyNameKey', () => {
  it('drops case, accents, punctuation, spacing and trailing legal forms', () => {
    expect(companyNameKey('  VAN DEN BERG   Transport B.V. ')).toBe('van den berg transport');
    expect(companyNameKey('Transportes Ibéricos, S.L.')).toBe('transportes ibericos');
    expect(companyNameKey('Rheinstahl Komponenten GmbH & Co. KG')).toBe('rheinstahl komponenten');
    expect(companyNameKey('Wisła Logistyka Sp. z o.o.')).toBe('wisła logistyka');
    expect(companyNameKey('Nordic Freight A/S')).toBe('nordic freight');
  });

  it('keeps words that are not a trailing legal form, and a name that is only one', () => {
    expect(companyNameKey('BV Transport Venlo')).toBe('bv transport venlo');
    expect(companyNameKey('AG')).toBe('ag');
    expect(companyNameKey('Van den Berg Transport')).not.toBe(companyNameKey('Van den Bergh Transport'));
  });
});

describe('carrierDifferences', () => {
  it('the profile\'s company written another way is no difference', () => {
    expect(carrierDifferences(carrier('Van den Berg Transport'), profile)).toEqual([]);
    expect(carrierDifferences(carrier('van den berg transport bv', 'nl 8567.12345.b01'), profile)).toEqual([]);
    expect(carrierDifferences(carrier('VDB Logistics'), { ...profile, trading_name: 'VDB Logistics' })).toEqual([]);
  });

  it('another VAT number or another name is a difference, each named', () => {
    expect(carrierDifferences(carrier('Transportes Ibéricos S.L.', 'ESB12345674'), profile).map((d) => d.path)).toEqual(['carrier.vat_number', 'carrier.name']);
    expect(carrierDifferences(carrier('Van den Berg Transport', 'NL001234567B01'), profile).map((d) => d.path)).toEqual(['carrier.vat_number']);
    expect(carrierDifferences(carrier('Transportes Ibéricos S.L.', 'NL856712345B01'), profile).map((d) => d.path)).toEqual(['carrier.name']);
  });
});
