/**
 * Issuing a shipment in the service as a process, both ways it runs: from the TypeScript sources
 * under tsx (`npm start`, `npm run cli`, benches) and compiled by tsc as `npm run build` compiles it to dist/ (here into a folder of its own). The note is rendered in
 * a worker thread, which must find and load its entry module either way; SIGTERM then drains and
 * ends the process with its threads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/listening-app.js';
import { buildDist, startServer } from '../support/processes.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { migratedDataDir } from '../support/migrated-data-dir.js';

describe.each([
  { name: 'from the sources under tsx (npm start)', fromDist: false },
  { name: 'compiled, from dist/ (npm run build)', fromDist: true },
])('issuing in a server process $name', ({ fromDist }) => {
  // The compiled build starts on an empty folder, as a deployment's first start does, so that its
  // migrations are found and applied from dist/; under tsx, npm start's own test covers that.
  const dataDir = fromDist ? mkdtempSync(join(tmpdir(), 'fds-render-proc-')) : migratedDataDir('fds-render-proc-');
  beforeAll(async () => {
    if (!fromDist) return;
    const build = await buildDist();
    expect(build.code, build.output).toBe(0);
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('renders and seals version 1 of the note in a render thread, then drains on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RENDER_THREADS: '1' }, { fromDist });
    try {
      await server.waitFor('curl -H', 60_000);
      const key = /API key:\s+(sk_test_[0-9A-Za-z]{40})/.exec(server.stdout())![1]!;
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const issued = await fetch(`http://127.0.0.1:${port}/v1/shipments?issue=true`, { method: 'POST', headers, body: JSON.stringify(fullShipment()) });
      expect(issued.status, await issued.clone().text()).toBe(201);
      const { id } = (await issued.json()) as { id: string };
      const documents = await fetch(`http://127.0.0.1:${port}/v1/shipments/${id}/documents`, { headers });
      const [note] = ((await documents.json()) as { data: { id: string; kind: string; version: number }[] }).data;
      expect(note).toMatchObject({ kind: 'consignment_note', version: 1 });

      server.child.kill('SIGTERM');
      expect(await server.exited, server.stderr()).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
