import { describe, expect, it } from 'vitest';
import { LOCAL_TIME_CACHE_ENTRIES, localTime, localTimeCacheSizes, zoneAbbreviation, zoneAbbreviations } from './local-time.js';

describe('a moment on the wall clock of a place, with its zone named', () => {
  it.each([
    ['2026-01-15T07:00:00Z', 'Europe/Warsaw', '2026-01-15 08:00 CET'],
    ['2026-07-15T07:00:00Z', 'Europe/Warsaw', '2026-07-15 09:00 CEST'],
    ['2026-07-15T06:00:00Z', 'Europe/Helsinki', '2026-07-15 09:00 EEST'],
    ['2026-01-15T06:00:00Z', 'Europe/Helsinki', '2026-01-15 08:00 EET'],
    ['2026-01-15T08:00:00Z', 'Europe/Lisbon', '2026-01-15 08:00 WET'],
    ['2026-07-15T08:00:00Z', 'Atlantic/Canary', '2026-07-15 09:00 WEST'],
    ['2026-01-15T08:00:00Z', 'Europe/London', '2026-01-15 08:00 GMT'],
    ['2026-07-15T08:00:00Z', 'Europe/London', '2026-07-15 09:00 BST'],
    ['2026-07-15T08:00:00Z', 'Europe/Dublin', '2026-07-15 09:00 IST'],
    ['2026-01-15T08:00:00Z', 'Europe/Dublin', '2026-01-15 08:00 GMT'],
    ['2026-07-15T08:00:00Z', 'Europe/Moscow', '2026-07-15 11:00 MSK'],
    ['2026-07-15T08:00:00Z', 'Europe/Istanbul', '2026-07-15 11:00 TRT'],
    ['2026-07-15T08:00:00Z', 'Atlantic/Azores', '2026-07-15 08:00 AZOST'],
    ['2026-07-15T08:00:00Z', 'Asia/Nicosia', '2026-07-15 11:00 EEST'],
    ['2026-07-15T08:00:00Z', 'UTC', '2026-07-15 08:00 UTC'],
    ['2026-07-15T08:00:00Z', 'Asia/Kolkata', '2026-07-15 13:30 UTC+05:30'],
    ['2026-01-15T08:00:00Z', 'America/Cayenne', '2026-01-15 05:00 UTC-03:00'],
    ['2026-07-15T08:00:00Z', 'Europe/Minsk', '2026-07-15 11:00 UTC+03:00'],
  ])('%s in %s is %s', (at, zone, text) => {
    expect(localTime(at, zone)).toBe(text);
  });

  it('crosses the spring change in Warsaw: 01:59 CET, then 03:00 CEST', () => {
    expect(localTime('2026-03-29T00:59:00Z', 'Europe/Warsaw')).toBe('2026-03-29 01:59 CET');
    expect(localTime('2026-03-29T01:00:00Z', 'Europe/Warsaw')).toBe('2026-03-29 03:00 CEST');
  });

  it('crosses the autumn change in Helsinki: 03:30 comes twice, once EEST and once EET', () => {
    expect(localTime('2026-10-25T00:30:00Z', 'Europe/Helsinki')).toBe('2026-10-25 03:30 EEST');
    expect(localTime('2026-10-25T01:30:00Z', 'Europe/Helsinki')).toBe('2026-10-25 03:30 EET');
  });

  it('rolls over midnight into the next local day', () => {
    expect(localTime('2026-12-31T23:30:00Z', 'Europe/Berlin')).toBe('2027-01-01 00:30 CET');
  });

  it('prints the time alone, the date alone, and seconds', () => {
    expect(localTime('2026-01-15T07:00:00Z', 'Europe/Warsaw', { show: 'time' })).toBe('08:00 CET');
    expect(localTime('2026-01-15T23:30:00Z', 'Europe/Warsaw', { show: 'date' })).toBe('2026-01-16');
    expect(localTime('2026-01-15T07:00:09Z', 'Europe/Warsaw', { seconds: true })).toBe('2026-01-15 08:00:09 CET');
  });

  it('writes dates as a language does when given a locale, and keeps the 24-hour clock and the name', () => {
    expect(localTime('2026-01-15T07:00:00Z', 'Europe/Warsaw', { locale: 'de' })).toBe('15.01.2026, 08:00 CET');
    expect(localTime('2026-07-15T16:00:00Z', 'Europe/London', { locale: 'en-GB', show: 'time' })).toBe('17:00 BST');
    expect(localTime('2026-07-15T16:00:00Z', 'Europe/Warsaw', { locale: 'en-US', show: 'time' })).toBe('18:00 CEST');
  });
});

describe('zone names', () => {
  it('gives the abbreviation by offset and summer time', () => {
    expect(zoneAbbreviation(new Date('2026-07-01T00:00:00Z'), 'Europe/Paris')).toBe('CEST');
    expect(zoneAbbreviation(new Date('2026-01-01T00:00:00Z'), 'Africa/Ceuta')).toBe('CET');
  });

  it('lists the names a zone uses by offset, for the pages that format on the phone', () => {
    expect(zoneAbbreviations('Europe/Warsaw', new Date('2026-01-01T00:00:00Z'))).toEqual({ '+01:00': 'CET', '+02:00': 'CEST' });
    expect(zoneAbbreviations('Europe/Moscow', new Date('2026-01-01T00:00:00Z'))).toEqual({ '+03:00': 'MSK' });
    expect(zoneAbbreviations('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'))).toEqual({});
  });
});

describe('what printing times keeps', () => {
  it('keeps at most LOCAL_TIME_CACHE_ENTRIES formatters and standard offsets, and prints alike past the bound', () => {
    const warsaw = localTime('2026-01-15T07:00:00Z', 'Europe/Warsaw', { locale: 'pl' });
    // Every zone Intl knows, in several years and locales: far more combinations than the bound.
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const year of [1990, 2026]) localTime(`${year}-03-01T12:00:00Z`, zone, { locale: year === 1990 ? 'de' : 'fr' });
      const kept = localTimeCacheSizes();
      expect(kept.formatters).toBeLessThanOrEqual(LOCAL_TIME_CACHE_ENTRIES);
      expect(kept.standardOffsets).toBeLessThanOrEqual(LOCAL_TIME_CACHE_ENTRIES);
    }
    expect(localTimeCacheSizes().formatters).toBe(LOCAL_TIME_CACHE_ENTRIES);
    expect(localTime('2026-01-15T07:00:00Z', 'Europe/Warsaw', { locale: 'pl' })).toBe(warsaw);
  });
});
