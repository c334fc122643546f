/**
 * The README's quick start sends examples/shipment.json: on a fresh checkout that body must be
 * created and issued as it stands, without a warning a new user would have to puzzle over (the
 * eFTI identifiers included: it names the trailer's country). Its sandbox simulation and proof of
 * delivery calls are read out of the README's `curl` lines and sent as written.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const example = JSON.parse(readFileSync(new URL('../../examples/shipment.json', import.meta.url), 'utf8'));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

interface CurlCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The README's `curl` lines of the shipment walk-through whose URL contains `part`, continuation lines joined. */
function curlCalls(part: string): CurlCall[] {
  const block = /## Shipments in a few calls\s+```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.startsWith('curl ') && line.includes(part))
    .map((line) => {
      const quoted = (flag: string) => [...line.matchAll(new RegExp(`${flag} (?:'([^']*)'|"([^"]*)")`, 'g'))].map((m) => m[1] ?? m[2]!);
      const headers = Object.fromEntries(quoted('-H').map((h) => [h.slice(0, h.indexOf(':')).toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]));
      return { method: / -X POST /.test(line) ? 'POST' : 'GET', path: new URL(/http:\/\/\S+/.exec(line)![0]).pathname, headers, body: quoted('-d')[0] };
    });
}

describe('examples/shipment.json (README quick start)', () => {
  let t: TestApp;
  // The day before its pickup window, as when the example was written.
  beforeAll(async () => (t = await buildTestApp({ name: 'embedded (PGlite, memory)' }, { clock: new ManualClock(new Date('2026-11-30T12:00:00Z')) })));
  afterAll(() => t.close());

  it('is created and issued with no finding, and its eFTI dataset omits nothing', async () => {
    const tenant = await t.newTenant();
    const headers = { authorization: `Bearer ${tenant.testKey}` };
    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers, payload: example });
    expect(created.statusCode).toBe(201);
    expect(created.json().warnings).toEqual([]);
    const issued = await t.app.inject({ method: 'POST', url: `/v1/shipments/${created.json().id}/issue`, headers });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'issued', warnings: [] });
    const efti = await t.app.inject({ method: 'GET', url: `/v1/shipments/${created.json().id}/efti`, headers });
    expect(efti.json()).toMatchObject({ applicable_subsets: ['EU01', 'EU05a'], omitted: [] });
  });

  it('the simulated delivery and the proof of delivery, sent as the README writes them', async () => {
    const tenant = await t.newTenant();
    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: { authorization: `Bearer ${tenant.testKey}` }, payload: example });
    const id = created.json().id as string;
    const send = (call: CurlCall) =>
      t.app.inject({
        method: call.method,
        url: decodeURIComponent(call.path).replace('$SHIPMENT', id),
        headers: Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k, v.replace('$KEY', tenant.testKey)])),
        ...(call.body !== undefined ? { payload: call.body } : {}),
      });
    const [simulate] = curlCalls('/simulate');
    expect(simulate).toMatchObject({ method: 'POST', path: '/v1/test/shipments/$SHIPMENT/simulate' });
    const simulated = await send(simulate!);
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().shipment.status).toBe('delivered');
    const [podJson, podPdf] = curlCalls('/pod');
    const pod = await send(podJson!);
    expect(pod.statusCode, pod.body).toBe(200);
    expect(pod.json().consignee.signature.evidence.simulated).toBe(true);
    const pdf = await send(podPdf!);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
