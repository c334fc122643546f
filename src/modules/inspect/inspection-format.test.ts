import { describe, expect, it } from 'vitest';
import { INSPECTION_FORMATTERS, formatTime, inspectionFormattersKept } from './inspection-format.js';

describe('inspection page formatters', () => {
  it('keeps at most INSPECTION_FORMATTERS of them, and formats alike past the bound', () => {
    const first = formatTime('de', '2026-03-04T09:05:00Z', 'Europe/Berlin');
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      formatTime('de', '2026-03-04T09:05:00Z', zone);
      formatTime('pl', '2026-03-04T09:05:00Z', zone);
      expect(inspectionFormattersKept()).toBeLessThanOrEqual(INSPECTION_FORMATTERS);
    }
    expect(inspectionFormattersKept()).toBe(INSPECTION_FORMATTERS);
    expect(formatTime('de', '2026-03-04T09:05:00Z', 'Europe/Berlin')).toBe(first);
  });
});
