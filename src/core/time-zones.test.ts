import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.js';
import { COUNTRY_TIME_ZONES, isTimeZone, timeZoneOf } from './time-zones.js';

describe('the zone of a place', () => {
  it('is the address\'s own time_zone first', () => {
    expect(timeZoneOf({ country: 'PT', time_zone: 'Atlantic/Azores' })).toBe('Atlantic/Azores');
    expect(timeZoneOf({ country: 'ES', time_zone: 'Atlantic/Canary' })).toBe('Atlantic/Canary');
  });

  it('else its country\'s, the mainland\'s where a country has several', () => {
    expect(timeZoneOf({ country: 'PL' })).toBe('Europe/Warsaw');
    expect(timeZoneOf({ country: 'FI' })).toBe('Europe/Helsinki');
    expect(timeZoneOf({ country: 'PT' })).toBe('Europe/Lisbon');
    expect(timeZoneOf({ country: 'ES' })).toBe('Europe/Madrid');
    expect(timeZoneOf({ country: 'FR' })).toBe('Europe/Paris');
    expect(timeZoneOf({ country: 'DK' })).toBe('Europe/Copenhagen');
    expect(timeZoneOf({ country: 'GL' })).toBe('America/Nuuk');
  });

  it('else UTC', () => {
    expect(timeZoneOf({ country: 'JP' })).toBe('UTC');
    expect(timeZoneOf(undefined)).toBe('UTC');
  });

  it('has one zone for every EU, EEA and neighbouring country, each a zone this runtime knows', () => {
    const eu = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
    for (const country of [...eu, 'IS', 'LI', 'NO', 'CH', 'GB', 'UA', 'MD', 'RS', 'TR']) expect(COUNTRY_TIME_ZONES[country], country).toBeDefined();
    for (const zone of Object.values(COUNTRY_TIME_ZONES)) expect(isTimeZone(zone), zone).toBe(true);
  });
});

describe('the documented table', () => {
  it('lists exactly the zones the service uses, country by country', () => {
    const doc = readFileSync(join(projectRoot(), 'docs', 'time-zones.md'), 'utf8');
    const rows = Object.fromEntries([...doc.matchAll(/^\| ([A-Z]{2}) \| ([A-Za-z_/]+) \|$/gm)].map((m) => [m[1], m[2]]));
    expect(rows).toEqual(COUNTRY_TIME_ZONES);
  });
});

describe('time zone names', () => {
  it('takes IANA names and refuses the rest', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('Europe/Kyiv')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('CET')).toBe(false);
    expect(isTimeZone('europe/warsaw')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
  });
});
