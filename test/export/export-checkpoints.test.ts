/**
 * The export's signed checkpoints (docs/audit-log.md, Checkpoints): audit-checkpoints.jsonl holds
 * them as delivered, and verify.mjs checks the audit chain and the shipment chains against them and
 * against the checkpoints the customer held (`--checkpoints`). A past a superuser rewrote and
 * recomputed fails, also when the stored checkpoints were deleted before the export.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_SOURCE } from '../../src/cli/cli-source.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import type { Checkpoint } from '../../src/modules/checkpoints/checkpoint-signature.js';
import { CHECKPOINT_PATHS } from '../../src/modules/checkpoints/checkpoints.routes.js';
import { openExport, readFile } from '../../src/modules/exports/verifier/verify.mjs';
import { backends } from '../support/backends.js';
import { deleteStoredCheckpoints, rewriteAuditRow, rewriteShipmentEvent } from '../support/chain-rewrite.js';
import { exportsApi, runVerifier } from '../support/exports-api.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

describe.each(backends())('checkpoints in the export on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let shipmentId: string;
  let held: Checkpoint;
  let heldFile: string;

  beforeAll(async () => {
    // Its own database on PostgreSQL: the job loop claims export jobs of any organisation.
    t = await buildTestApp(backend, { ownDatabase: true });
    tenant = await t.newTenant();
    shipmentId = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true })).id;
    await createApiKey(t.runtime.services, { organizationId: tenant.organizationId, mode: 'test' }, CLI_SOURCE);
    const made = await t.app.inject({ method: 'POST', url: CHECKPOINT_PATHS.collection, headers: t.auth(tenant.testKey) });
    expect(made.statusCode, made.body).toBe(201);
    held = made.json();
    // What the customer kept: the webhook bodies it received, one per line.
    heldFile = join(mkdtempSync(join(tmpdir(), 'fds-held-')), 'held.jsonl');
    writeFileSync(heldFile, `${JSON.stringify({ id: 'evt_x', type: 'audit.checkpoint_created', data: { checkpoint_id: held.id, checkpoint: held } })}\n`);
  }, 120_000);
  afterAll(() => t?.close());

  const exported = async () => {
    const api = exportsApi(t, tenant);
    return api.downloaded(await api.completed());
  };
  const verify = (zip: string, options: string[] = []) => runVerifier(join(import.meta.dirname, '../../src/modules/exports/verifier/verify.mjs'), zip, options);

  it('exports the checkpoints as delivered, with the key that signs them, and verifies against them and the held ones', async () => {
    const zip = await exported();
    const source = await openExport(zip);
    const lines = (await readFile(source, 'audit-checkpoints.jsonl')).toString('utf8').trim().split('\n');
    const manifest = JSON.parse((await readFile(source, 'manifest.json')).toString('utf8'));
    await source.close();
    expect(lines.map((l) => JSON.parse(l))).toEqual([held]);
    const key = (await t.app.inject({ method: 'GET', url: CHECKPOINT_PATHS.key, headers: t.auth(tenant.testKey) })).json();
    expect(manifest.checkpoint_key).toEqual({ alg: key.alg, kid: key.kid, certificate: key.certificate });

    const plain = await verify(zip);
    expect(plain.code, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(/3 audit rows, 1 checkpoints checked/);
    const withHeld = await verify(zip, ['--checkpoints', heldFile]);
    expect(withHeld.code, withHeld.stdout).toBe(0);
  }, 60_000);

  it('fails on a past rewritten and recomputed by a superuser, naming the checkpoint, also with the stored checkpoints deleted', async () => {
    const [first] = (await shipmentsApi(t, tenant).events(shipmentId)).json().data as { data: Record<string, unknown> }[];
    await t.asOwner((db) => rewriteShipmentEvent(db, shipmentId, 1, { ...first!.data, reference: 'rewritten' }));
    const audit = (await t.app.inject({ method: 'GET', url: '/v1/audit-log?order=asc', headers: t.auth(tenant.testKey) })).json().data as { id: string }[];
    await t.asOwner((db) => rewriteAuditRow(db, { organizationId: tenant.organizationId, mode: 'test' }, audit[0]!.id, { mode: 'test', scopes: [] }));

    const rewritten = await verify(await exported());
    expect(rewritten.code, rewritten.stdout).toBe(1);
    expect(rewritten.stdout).toContain(`FAIL checkpoint ${held.id}: shipment ${shipmentId}'s chain recomputes to hash`);
    expect(rewritten.stdout).toContain(`FAIL checkpoint ${held.id}: the audit chain recomputes to hash`);
    expect(rewritten.stdout).toMatch(/^NOT VERIFIED: 2 problems;/m);

    await t.asOwner((db) => deleteStoredCheckpoints(db, tenant.organizationId));
    const zip = await exported();
    // Without what the customer held, the rewritten export is consistent in itself...
    expect((await verify(zip)).code).toBe(0);
    // ...and fails against it.
    const against = await verify(zip, ['--checkpoints', heldFile]);
    expect(against.code, against.stdout).toBe(1);
    expect(against.stdout).toContain(`FAIL checkpoint ${held.id}: shipment ${shipmentId}'s chain recomputes to hash`);

    // A checkpoint forged to match the rewritten chain fails its signature.
    const forged = { ...held, audit_log: { ...held.audit_log, hash: 'ab'.repeat(32) } };
    const forgedFile = join(mkdtempSync(join(tmpdir(), 'fds-forged-')), 'held.json');
    writeFileSync(forgedFile, JSON.stringify([forged]));
    const refused = await verify(zip, ['--checkpoints', forgedFile]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`FAIL checkpoint ${held.id}: its signature does not verify with the certificate`);
  }, 120_000);
});
