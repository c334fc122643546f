import { describe, expect, it } from 'vitest';
import { fieldOfFinding, formInput, formValuesOf, mergePatchBetween, shipmentFormFields } from './shipment-form.js';

describe('the shipment form and the shipment input', () => {
  it('reads numbers, countries and UTC minutes, keeps what is not a number as typed, and leaves empty fields out', () => {
    const input = formInput({ 'goods[0].quantity': '3', 'goods[0].gross_weight_kg': '12,5', 'consignor.address.country': 'nl', 'pickup.window.from': '2026-12-01T08:00', 'goods[0].description': 'Books', 'consignee.name': '  ', 'goods[1].quantity': 'two' }, {}, 'UTC');
    expect(input).toEqual({ consignor: { address: { country: 'NL' } }, pickup: { window: { from: '2026-12-01T08:00:00Z' } }, goods: [{ description: 'Books', quantity: 3, gross_weight_kg: 12.5 }, { quantity: 'two' }] });
  });

  it("reads a typed time on the member's wall clock, with the zone's offset of that day, and shows a stored time on it", () => {
    const typed = (text: string, zone: string) => (formInput({ 'pickup.window.from': text }, {}, zone).pickup as { window: { from: string } }).window.from;
    expect(typed('2026-12-01T08:00', 'Europe/Warsaw')).toBe('2026-12-01T08:00:00+01:00');
    expect(typed('2026-07-01T08:00', 'Europe/Warsaw')).toBe('2026-07-01T08:00:00+02:00');
    expect(typed('2026-07-01T08:00', 'Europe/Lisbon')).toBe('2026-07-01T08:00:00+01:00');
    // 02:30 does not exist in Warsaw on the night summer time starts: as a clock set by hand, 03:30.
    expect(typed('2026-03-29T02:30', 'Europe/Warsaw')).toBe('2026-03-29T03:30:00+02:00');
    // A day that does not exist stays as typed: the validator names it at its field.
    expect(typed('2026-02-30T08:00', 'Europe/Warsaw')).toBe('2026-02-30T08:00');
    expect(formValuesOf({ pickup: { window: { from: '2026-12-01T07:00:00Z' } }, delivery: { window: { from: '2026-07-01T09:15:00+02:00' } } }, 'Europe/Amsterdam')).toEqual({ 'pickup.window.from': '2026-12-01T08:00', 'delivery.window.from': '2026-07-01T09:15' });
  });

  it('an edit saved with its times untouched keeps them as stored, and a changed one takes the member\'s offset', () => {
    const stored = { reference: 'A', pickup: { window: { from: '2026-12-01T07:00:00Z', to: '2026-12-01T09:00:00Z' } }, delivery: { window: { from: '2026-12-01T09:00:00Z' } } };
    const values = formValuesOf(stored, 'Europe/Warsaw');
    expect(values).toMatchObject({ 'pickup.window.from': '2026-12-01T08:00', 'delivery.window.from': '2026-12-01T10:00' });
    const after = formInput({ ...values, 'delivery.window.from': '2026-12-01T11:00' }, stored, 'Europe/Warsaw');
    expect(mergePatchBetween(stored, after)).toEqual({ delivery: { window: { from: '2026-12-01T11:00:00+01:00' } } });
  });

  it('an edit keeps what the form does not hold and removes what was emptied, as a merge patch', () => {
    const stored = { reference: 'A', special_agreements: 'Keep dry', driver: { name: 'Piet', email: 'p@x.example' }, goods: [{ description: 'Books', quantity: 2, package_type: 'box', hs_code: '4901' }] };
    const values = formValuesOf(stored, 'UTC');
    const after = formInput({ ...values, reference: 'B', 'driver.email': '' }, stored, 'UTC');
    expect(after).toEqual({ reference: 'B', special_agreements: 'Keep dry', driver: { name: 'Piet' }, goods: [{ description: 'Books', quantity: 2, package_type: 'box', hs_code: '4901' }] });
    expect(mergePatchBetween(stored, after)).toEqual({ reference: 'B', driver: { email: null } });
  });

  it('places a finding at its field, a missing party at its name, and a finding of no field nowhere', () => {
    const fields = shipmentFormFields(1);
    expect(fieldOfFinding(fields, { path: '$.goods[0].quantity' })).toBe('goods[0].quantity');
    expect(fieldOfFinding(fields, { path: '$.consignor' })).toBe('consignor.name');
    expect(fieldOfFinding(fields, { path: '$.waste.ewc_code' })).toBeUndefined();
  });
});
