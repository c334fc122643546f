/**
 * Every finding's `path` is a JSON path (`$.charges.carriage`, service description, Finding), and a
 * finding keeps the message the code that found it wrote: `finding()` and the answer's translation
 * make the path one, whoever built the finding; a generic template ("Is not valid.") never replaces
 * a specific message; and no place in src that builds a finding writes a path without its root.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finding, jsonPath, translateFindings } from '../../src/core/findings.js';
import { MissingFacts } from '../../src/modules/invoices/missing-facts.js';

const SRC = new URL('../../src/', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}
/** A path as a finding may name it: a JSON path, or a query parameter, path parameter or header (`query.date`, `path.id`). */
const JSON_PATH = /^(\$([.[].*)?|(query|path|headers?)\.[a-z_-]+(\[\d+\])?)$/;

describe('finding paths', () => {
  it('jsonPath gives a field path its root and leaves JSON paths and query parameters as they are', () => {
    expect(jsonPath('charges.carriage')).toBe('$.charges.carriage');
    expect(jsonPath('recipient')).toBe('$.recipient');
    expect(jsonPath('[0].name')).toBe('$[0].name');
    expect(jsonPath('')).toBe('$');
    expect(jsonPath('$')).toBe('$');
    expect(jsonPath('$.goods[0].gross_weight_kg')).toBe('$.goods[0].gross_weight_kg');
    expect(jsonPath('$[2]')).toBe('$[2]');
    expect(jsonPath('query.date')).toBe('query.date');
    expect(jsonPath('header.stripe-signature')).toBe('header.stripe-signature');
    expect(jsonPath('path.id')).toBe('path.id');
  });

  it('finding() and translateFindings() answer JSON paths whoever built the finding', () => {
    expect(finding('charges.carriage', 'required', { field: 'carriage' }).path).toBe('$.charges.carriage');
    expect(translateFindings([{ path: 'invoicing_profile', code: 'missing', message: 'PUT /v1/invoicing-profile first' }], 'nl')[0]!.path).toBe('$.invoicing_profile');
  });

  it('the invoice\'s missing facts are JSON paths; the detail still names the facts', () => {
    const missing = new MissingFacts();
    missing.add('charges.carriage', 'the carriage charge');
    missing.add('carrier.vat_number', 'another company', 'mismatch');
    expect(missing.findings.map((f) => f.path)).toEqual(['$.charges.carriage', '$.carrier.vat_number']);
    expect(() => missing.check()).toThrow(/The invoice needs: charges\.carriage \(the carriage charge\); carrier\.vat_number/);
  });

  // finding() makes its path a JSON path (above); a finding written as an object literal does not pass through it.
  it('no place in src writes a finding literal whose path lacks its root', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bpath:\s*(['`])([^'`]*)\1,\s*code:/g)) {
        const path = match[2]!.replace(/\$\{[^}]*\}/g, 'x');
        seen++;
        if (!JSON_PATH.test(path)) wrong.push(`${file.slice(SRC.length)}: ${path}`);
      }
    }
    expect(seen).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });
});

describe('finding messages', () => {
  it('keep a message the code wrote for the case, in every language, even when its code has a template', () => {
    const specific = { path: '$.recipient', code: 'invalid', message: 'The first link went to a recipient given in its request, which is kept only hashed: give `recipient` again.' };
    for (const language of ['en', 'nl', 'de', 'fr'] as const) expect(translateFindings([specific], language)[0]!.message).toBe(specific.message);
  });

  it('render a templated message again in the language asked for', () => {
    const templated = finding('$.x', 'invalid');
    expect(templated.message).toBe('Is not valid.');
    expect(translateFindings([templated], 'nl')[0]!.message).toBe('Is ongeldig.');
    const required = finding('$.name', 'required', { field: 'name' }, 'de');
    expect(translateFindings([required], 'en')[0]!.message).toBe('The field name is required.');
  });
});
