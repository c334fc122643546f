import { describe, expect, it } from 'vitest';
import { amount, code, dateTime205, decimal, measure, splitText, text, texts } from './efti-values.js';

describe('eFTI values', () => {
  it('splits a long text at the last space within the limit, and hard at the limit when there is none', () => {
    expect(splitText('Havenbedrijf Noordzee Logistics B.V.', 35)).toEqual(['Havenbedrijf Noordzee Logistics', 'B.V.']);
    expect(splitText('VanDenBergInternationaalTransportEnLogistiek B.V.', 35)).toEqual(['VanDenBergInternationaalTransportEn', 'Logistiek B.V.']);
    expect(splitText('exactly ten', 11)).toEqual(['exactly ten']);
    // A space right after the limit is the break itself.
    expect(splitText('abcde fghij', 5)).toEqual(['abcde', 'fghij']);
  });

  it('counts characters, not bytes or UTF-16 units: Latin Extended names fill 35 letters', () => {
    const name = 'Łódzkie Przedsiębiorstwo Żeglugi Śródlądowej Sp. z o.o.';
    const parts = splitText(name, 35);
    expect(parts).toEqual(['Łódzkie Przedsiębiorstwo Żeglugi', 'Śródlądowej Sp. z o.o.']);
    expect(parts.join(' ')).toBe(name);
    expect(splitText('Žilinská dopravná spoločnosť s.r.o.', 35)).toEqual(['Žilinská dopravná spoločnosť s.r.o.']);
  });

  it('never truncates: a repeating element takes every part, a single one takes the value only when it fits', () => {
    const long = 'x'.repeat(80);
    expect(texts('consignment/consignor/name', long)?.join('')).toBe(long);
    expect(text('consignment/consignor/postalAddress/additionalStreetName', 'y'.repeat(35))).toBe('y'.repeat(35));
    expect(text('consignment/consignor/postalAddress/additionalStreetName', 'y'.repeat(36))).toBeUndefined();
    expect(texts('consignment/consignor/name', '   ')).toBeUndefined();
  });

  it('writes dates as UN/EDIFACT 2379 code 205 in UTC, to the minute', () => {
    expect(dateTime205('2026-12-01T07:00:00Z')).toEqual({ value: '202612010700+0000', formatId: '205' });
    expect(dateTime205('2026-12-01T09:42:59+02:00')).toEqual({ value: '202612010742+0000', formatId: '205' });
    expect(dateTime205(new Date('2026-01-02T03:04:05Z'))).toEqual({ value: '202601020304+0000', formatId: '205' });
    expect(dateTime205('not a date')).toBeUndefined();
  });

  it('writes decimals plainly within the Annex digits, integers whole', () => {
    expect(measure('consignment/grossWeight', 8640 + 212.5 + 820, 'KGM')).toEqual({ value: '9672.5', unitId: 'KGM' });
    expect(decimal('consignment/grossVolume', 0.1 + 0.2)).toBe('0.3');
    expect(decimal('consignment/grossWeight', 1e-7)).toBe('0');
    expect(decimal('consignment/grossWeight', 12345678901)).toBe('12345678901');
    expect(decimal('consignment/grossWeight', 1e17)).toBeUndefined();
    expect(decimal('consignment/numberOfPackages', 24)).toBe('24');
    expect(decimal('consignment/numberOfPackages', 2.5)).toBeUndefined();
    expect(decimal('consignment/numberOfPackages', 123456789)).toBeUndefined();
    expect(amount('consignment/cODAmount', { amount: '150.50', currency: 'EUR' })).toEqual({ value: '150.5', currencyId: 'EUR' });
    expect(amount('consignment/cODAmount', { amount: '150.50', currency: 'XYZ' })).toBeUndefined();
  });

  it('takes a code only from the XSD code list of the element', () => {
    expect(code('consignment/consignor/postalAddress/countryCode', 'NL')).toBe('NL');
    expect(code('consignment/consignor/postalAddress/countryCode', 'XX')).toBeUndefined();
    expect(code('consignment/usedTransportEquipment/categoryCode', 'T1')).toBe('T1');
    expect(code('consignment/mainCarriageTransportMovement/modeCode', '3')).toBe('3');
    expect(() => code('consignment/consignor/name', 'NL')).toThrow(/no code list/);
  });
});
