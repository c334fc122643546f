/** Asserts a problem+json answer with its catalogue status and code; returns the body. */
import { expect } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/core/errors.js';

export function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): any }, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(ERROR_CATALOGUE[code].status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ code, status: ERROR_CATALOGUE[code].status });
  return body;
}
