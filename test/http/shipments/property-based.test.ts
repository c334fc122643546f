/**
 * Properties of the shipment input checks, over generated bodies (../../support/shipment-arbitraries.ts):
 * every body within the spec's limits passes the dry run without errors and can be created, and a
 * body with exactly one limit broken is refused with a finding at that path and with that code,
 * and no other schema finding. Whatever the text, the dry run's verdict is the create's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_PATHS } from '../../../src/modules/shipments/shipments.routes.js';
import { backends } from '../../support/backends.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { nearValidShipment, SCHEMA_FINDING_CODES, validShipment } from '../../support/shipment-arbitraries.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

interface Finding {
  path: string;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

const listed = (findings: Finding[]) => findings.map((f) => `${f.path} ${f.code}`).join('; ');

describe.each(backends())('shipment input properties on $name', (backend) => {
  const s = shipmentSuite(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });

  const post = (url: string, body: unknown) => s.t.app.inject({ method: 'POST', url, headers: s.t.auth(s.tenant.testKey), payload: body as object });

  it('every body within the limits passes the dry run without errors', async () => {
    await fc.assert(
      fc.asyncProperty(validShipment, async (body) => {
        const res = await post(SHIPMENT_PATHS.validate, body);
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json() as { valid: boolean; errors: Finding[] };
        expect(result.errors, listed(result.errors)).toEqual([]);
        expect(result.valid).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('such a body is created (201) and returned as sent', async () => {
    await fc.assert(
      fc.asyncProperty(validShipment, async (body) => {
        const res = await post(SHIPMENT_PATHS.collection, body);
        expect(res.statusCode, res.body).toBe(201);
        const sent = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
        const stored = res.json() as Record<string, unknown>;
        for (const [field, value] of Object.entries(sent)) expect(stored[field], field).toEqual(value);
      }),
      { numRuns: 10 },
    );
  });

  it('a body with exactly one limit broken is refused at that path with that code', async () => {
    await fc.assert(
      fc.asyncProperty(nearValidShipment, async ({ body, mutation, expected }) => {
        const res = await post(SHIPMENT_PATHS.validate, body);
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json() as { valid: boolean; errors: Finding[] };
        expect(result.valid, mutation).toBe(false);
        const schemaFindings = result.errors.filter((f) => SCHEMA_FINDING_CODES.has(f.code));
        expect(schemaFindings.map((f) => ({ path: f.path, code: f.code })), `${mutation} gave ${listed(result.errors)}`).toEqual([{ path: expected.path, code: expected.code }]);
        if (expected.params) expect(schemaFindings[0]!.params, mutation).toMatchObject(expected.params);
      }),
      { numRuns: 60 },
    );
  });

  it("the dry run's verdict is the create's for any text: control characters, U+0000, lone surrogates", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }), async (text) => {
        const body = { ...fullShipment(), reference: text, special_agreements: `Note: ${text}` };
        const verdict = (await post(SHIPMENT_PATHS.validate, body)).json() as { valid: boolean };
        const created = await post(SHIPMENT_PATHS.collection, body);
        expect(created.statusCode, `${JSON.stringify(text)}: ${created.body.slice(0, 300)}`).toBe(verdict.valid ? 201 : 422);
      }),
      { numRuns: 30, examples: [['A\u0000B'], ['\ud800'], ['tail \udfff'], ['\u0001\u001f\u007f\u2028\ufeff']] },
    );
  });
});
