import { describe, expect, it } from 'vitest';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { noteLanguage } from './consignment-note-version.js';

const shipment = (driverLanguage?: string) => ({ data: driverLanguage ? { driver: { name: 'D', language: driverLanguage } } : {} }) as unknown as ShipmentRow;

describe('the label language of a consignment note version', () => {
  it.each([
    ['fr', 'nl', 'fr'],
    ['de', 'en', 'de'],
    [undefined, 'nl', 'nl'],
    [undefined, 'en', 'en'],
    // German and French requests translate finding messages, not the note: it stays English.
    [undefined, 'de', 'en'],
    [undefined, 'fr', 'en'],
    ['pl', 'de', 'en'],
  ])('driver %s, request %s → %s', (driver, request, expected) => {
    expect(noteLanguage(shipment(driver), request)).toBe(expected);
  });
});
