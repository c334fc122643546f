import { describe, expect, it } from 'vitest';
import { nextSignatureDue } from './next-signature-due.js';

describe('nextSignatureDue', () => {
  it('consignor, then carrier at pickup; each successive carrier in turn, then the consignee in transit', () => {
    expect(nextSignatureDue('issued', 0, [])).toEqual({ role: 'consignor' });
    expect(nextSignatureDue('issued', 0, [{ role: 'consignor', successive_index: -1 }])).toEqual({ role: 'carrier' });
    expect(nextSignatureDue('issued', 0, [{ role: 'carrier', successive_index: -1 }])).toEqual({ role: 'consignor' });
    const pickedUp = [
      { role: 'consignor', successive_index: -1 },
      { role: 'carrier', successive_index: -1 },
    ] as const;
    expect(nextSignatureDue('in_transit', 2, pickedUp)).toEqual({ role: 'successive_carrier', successive_index: 0 });
    expect(nextSignatureDue('in_transit', 2, [...pickedUp, { role: 'successive_carrier', successive_index: 0 }])).toEqual({ role: 'successive_carrier', successive_index: 1 });
    expect(nextSignatureDue('in_transit', 2, [...pickedUp, { role: 'successive_carrier', successive_index: 0 }, { role: 'successive_carrier', successive_index: 1 }])).toEqual({ role: 'consignee' });
    expect(nextSignatureDue('in_transit', 0, pickedUp)).toEqual({ role: 'consignee' });
  });

  it('none in a status that takes no signature', () => {
    for (const status of ['draft', 'delivered', 'cancelled'] as const) expect(nextSignatureDue(status, 0, [])).toBeUndefined();
  });
});
