import { describe, expect, it } from 'vitest';
import { isSubjects, personRecords, seedIdentity, subjectAddresses, type Subject } from './data-subject.js';
import { ERASED, eraseJson, eraseNeedles, eraseRecords, eraseText, needlePattern } from './erase-values.js';
import { eraseAfter } from './retention-policy.js';

describe('erasing values', () => {
  it('replaces whole-word occurrences only, case ignored, longest first', () => {
    const pattern = needlePattern(['Jan de Vries', 'jan@x.example', 'Jan']);
    expect(eraseText('Signed by JAN DE VRIES (jan@x.example)', pattern)).toBe(`Signed by ${ERASED} (${ERASED})`);
    // "Jan" is too short to search for, and "Jan de Vriesland" is another word.
    expect(eraseText('Janssen and Jan de Vriesland B.V.', pattern)).toBeUndefined();
    expect(eraseText('anything', needlePattern([]))).toBeUndefined();
  });

  it('walks JSON and reports the paths it changed', () => {
    const pattern = needlePattern(['+31611122233']);
    const { value, paths } = eraseJson({ a: ['call +31611122233', 'x'], b: { c: '+31611122233' }, n: 1 }, pattern);
    expect(value).toEqual({ a: [`call ${ERASED}`, 'x'], b: { c: ERASED }, n: 1 });
    expect(paths).toEqual(['a[0]', 'b.c']);
  });

  it('erases the subject\'s contact and keeps a second person on the same shipment', () => {
    const data = {
      consignor: { name: 'A B.V.', address: { street: 'Kade 1', city: 'Amsterdam', country: 'NL' }, contact: { name: 'Sanne', email: 'sanne@x.example' } },
      consignee: { name: 'B B.V.', address: { street: 'Markt 2', city: 'Utrecht', country: 'NL' }, contact: { name: 'Jan', email: 'JAN@x.example', language: 'nl' } },
    };
    const subject: Subject = { kind: 'email', email: 'jan@x.example' };
    const records = personRecords(data).filter((r) => isSubjects(subject, seedIdentity(subject), r));
    expect(eraseRecords(records)).toEqual(['consignee.contact.name', 'consignee.contact.email']);
    expect(data.consignee.contact).toEqual({ name: ERASED, language: 'nl' });
    expect(data.consignor.contact).toEqual({ name: 'Sanne', email: 'sanne@x.example' });
  });

  it('takes a private consignee reached by e-mail whole, with the copies of their address, and keeps a company whose contact they are', () => {
    const home = { street: 'Berkenhof 3', postal_code: '6705 KL', city: 'Wageningen', country: 'NL' };
    const data = {
      consignor: { name: 'C B.V.', address: { street: 'Kade 1', city: 'Amsterdam', country: 'NL' }, contact: { name: 'Jan', email: 'jan@x.example' } },
      consignee: { name: 'Jan', address: { ...home }, contact: { email: 'jan@x.example' } },
      pickup: { address: { street: 'Kade 1', city: 'Amsterdam', country: 'NL' }, contact: { name: 'Jan', email: 'jan@x.example' } },
      delivery: { address: { ...home, postal_code: '6705KL' }, instructions: 'Ring at Berkenhof 3.' },
    };
    const subject: Subject = { kind: 'email', email: 'jan@x.example' };
    const records = personRecords(data).filter((r) => isSubjects(subject, seedIdentity(subject), r));
    // The company's address and the pickup there are the company's, not Jan's.
    expect(subjectAddresses(subject, data, records)).toEqual([home]);
    const addresses = subjectAddresses(subject, data, records);
    eraseRecords(records);
    const { value, paths } = eraseNeedles(data, { values: ['Berkenhof 3'], addresses });
    expect(paths).toEqual(['delivery.address.street', 'delivery.address.city', 'delivery.address.postal_code', 'delivery.instructions']);
    expect(value).toMatchObject({
      consignor: { name: 'C B.V.', address: { street: 'Kade 1' } },
      consignee: { name: ERASED, address: { street: ERASED, city: ERASED, country: 'NL' } },
      pickup: { address: { street: 'Kade 1' } },
      delivery: { address: { street: ERASED, city: ERASED, country: 'NL' }, instructions: `Ring at ${ERASED}.` },
    });
  });
});

describe('retention', () => {
  it('runs to the end of the seventh calendar year after the record was made', () => {
    expect(eraseAfter(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2034-01-01T00:00:00.000Z');
    expect(eraseAfter(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2034-01-01T00:00:00.000Z');
  });
});
