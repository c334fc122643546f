/**
 * examples/quickstart.sh, the README's newcomer path, runs as written against a listening service
 * (its own key, webhooks to a local receiver allowed as development allows them): every step
 * answers as expected, the receiver gets the signed test delivery, and the tour gets its driver session.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { freePort, listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';

const run = promisify(execFile);

describeOnEmbedded('examples/quickstart.sh', (backend) => {
  let t: TestApp & { baseUrl: string };
  beforeAll(async () => {
    t = await listeningTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
  });
  afterAll(() => t?.close());

  it('takes a shipment to its invoice, a webhook to a local receiver and a tour to its driver session', async () => {
    const tenant = await t.newTenant({ liveEnabled: false });
    const { stdout } = await run('sh', ['examples/quickstart.sh'], { env: { ...process.env, BASE: t.baseUrl, KEY: tenant.testKey, RECEIVER_PORT: String(await freePort()) }, timeout: 120_000 });
    expect(stdout).toContain('> POST /v1/shipments\n< 201');
    expect(stdout).toMatch(/> POST \/v1\/test\/shipments\/shp_\w+\/simulate\n< 200/);
    expect(stdout).toContain('"legal_name": "Van den Berg Transport B.V."');
    expect(stdout).toMatch(/> POST \/v1\/shipments\/shp_\w+\/invoice\n< 201/);
    expect(stdout).toMatch(/the receiver got:\n {2}\| POST \/hooks service-signature: t=\d+,v1=[0-9a-f]{64}/);
    expect(stdout).toContain('"type":"webhook.ping"');
    expect(stdout).toMatch(/> POST \/v1\/tours\n< 201/);
    expect(stdout).toMatch(/> POST \/v1\/test\/driver-sessions\n< 201 \{"token":"dt_/);
    expect(stdout).toMatch(/Done: shipment shp_\w+ \(delivered, invoiced\), tour tour_\w+/);
    // Each step is announced, in order.
    const steps = [...stdout.matchAll(/^== (\d)\. /gm)].map((m) => Number(m[1]));
    expect(steps).toEqual([1, 2, 3, 4, 5]);
    // The driver API line it prints works as written: the tour is the session's.
    const line = /curl -H "Authorization: Bearer (dt_[\w-]+)" (\S+\/v1\/driver\/tours)$/m.exec(stdout);
    expect(line).not.toBeNull();
    const tours = await fetch(line![2]!, { headers: { authorization: `Bearer ${line![1]}` } });
    expect(tours.status).toBe(200);
    expect(JSON.stringify(await tours.json())).toContain('Quick start run');
  }, 180_000);
});
