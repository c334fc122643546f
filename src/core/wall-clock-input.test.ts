import { describe, expect, it } from 'vitest';
import { filterBound, instantAtWallClock } from './wall-clock-input.js';

const iso = (text: string, zone: string) => instantAtWallClock(text, zone)?.toISOString();

describe('a typed time read on the wall clock of a zone', () => {
  it.each([
    ['2026-01-15T08:00', 'Europe/Warsaw', '2026-01-15T07:00:00.000Z'],
    ['2026-07-15T08:00', 'Europe/Warsaw', '2026-07-15T06:00:00.000Z'],
    ['2026-01-15T08:00:30', 'Europe/Amsterdam', '2026-01-15T07:00:30.000Z'],
    ['2026-07-15T00:30', 'Europe/Amsterdam', '2026-07-14T22:30:00.000Z'],
    ['2026-01-15T08:00', 'UTC', '2026-01-15T08:00:00.000Z'],
    ['2026-07-15T08:00', 'Asia/Kolkata', '2026-07-15T02:30:00.000Z'],
    ['2026-01-15T08:00', 'America/New_York', '2026-01-15T13:00:00.000Z'],
    ['2026-01-15', 'Europe/Warsaw', '2026-01-14T23:00:00.000Z'],
  ])('%s in %s is %s', (text, zone, instant) => {
    expect(iso(text, zone)).toBe(instant);
  });

  it.each(['Europe/Amsterdam', 'Europe/Warsaw'])('in %s: the spring change skips 02:00–03:00, a time in the gap moves forward by the hour', (zone) => {
    expect(iso('2026-03-29T01:59', zone)).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T02:00', zone)).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-03-29T02:30', zone)).toBe('2026-03-29T01:30:00.000Z');
    expect(iso('2026-03-29T03:00', zone)).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-03-29T03:30', zone)).toBe('2026-03-29T01:30:00.000Z');
  });

  it.each(['Europe/Amsterdam', 'Europe/Warsaw'])('in %s: the autumn change passes 02:00–03:00 twice, a time in it is the first (summer time)', (zone) => {
    expect(iso('2026-10-25T01:59', zone)).toBe('2026-10-24T23:59:00.000Z');
    expect(iso('2026-10-25T02:00', zone)).toBe('2026-10-25T00:00:00.000Z');
    expect(iso('2026-10-25T02:30', zone)).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T03:00', zone)).toBe('2026-10-25T02:00:00.000Z');
  });

  it('refuses what names no time', () => {
    for (const text of ['2026-02-30T08:00', '2026-13-01', '2026-01-15T24:00', '2026-01-15T08:60', '15.01.2026', '2026-01-15T08:00Z', '']) {
      expect(instantAtWallClock(text, 'Europe/Warsaw')).toBeUndefined();
    }
  });
});

describe('a filter bound', () => {
  it('takes a time as that moment on either side', () => {
    expect(filterBound('2026-01-15T23:30', 'Europe/Warsaw', 'from')?.toISOString()).toBe('2026-01-15T22:30:00.000Z');
    expect(filterBound('2026-01-15T23:30', 'Europe/Warsaw', 'to')?.toISOString()).toBe('2026-01-15T22:30:00.000Z');
  });

  it('takes a day from its start to its end in the zone, a day of a change 23 or 25 hours long', () => {
    expect(filterBound('2026-01-15', 'Europe/Warsaw', 'from')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(filterBound('2026-01-15', 'Europe/Warsaw', 'to')?.toISOString()).toBe('2026-01-15T23:00:00.000Z');
    const spring: [Date, Date] = [filterBound('2026-03-29', 'Europe/Amsterdam', 'from')!, filterBound('2026-03-29', 'Europe/Amsterdam', 'to')!];
    expect(spring.map((d) => d.toISOString())).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect((spring[1].getTime() - spring[0].getTime()) / 3_600_000).toBe(23);
    const autumn: [Date, Date] = [filterBound('2026-10-25', 'Europe/Warsaw', 'from')!, filterBound('2026-10-25', 'Europe/Warsaw', 'to')!];
    expect(autumn.map((d) => d.toISOString())).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect((autumn[1].getTime() - autumn[0].getTime()) / 3_600_000).toBe(25);
  });

  it('ends the year with its last day', () => {
    expect(filterBound('2026-12-31', 'Europe/Amsterdam', 'to')?.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});
