/**
 * Every error code that an operation of the OpenAPI document lists is exercised by a test that
 * asserts it (STYLE, Errors: a listed code without a test is a promise nobody checks).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '../../src/modules/system/system.routes.js';
import { backends } from '../support/backends.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('error codes of the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backends()[0]!);
  });
  afterAll(() => t.close());

  it('each listed code is asserted by some test', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.openapi })).json();
    const listed = new Set<string>();
    for (const item of Object.values<Record<string, any>>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        for (const response of Object.values<any>(op.responses)) {
          for (const media of Object.values<any>(response.content ?? {})) for (const code of media.schema?.properties?.code?.enum ?? []) listed.add(code);
        }
      }
    }
    const testRoot = join(import.meta.dirname, '..');
    const text = sources(testRoot)
      .filter((f) => !f.endsWith('every-code-tested.test.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // A code counts as tested where a test compares a response's code with it.
    const untested = [...listed].filter((code) => !new RegExp(`(code[^\\n]{0,40}|expectProblem\\([^\\n]*)'${code}'`).test(text));
    expect(listed.size).toBeGreaterThan(15);
    expect(untested).toEqual([]);
  });
});
