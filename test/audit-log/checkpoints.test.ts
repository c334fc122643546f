/**
 * Signed checkpoints of the audit chain and the shipment chains (docs/audit-log.md, Checkpoints): a
 * superuser who edits a row and recomputes the chain passes the chain check alone, but fails
 * against the checkpoints, stored or held by the customer; a forged checkpoint is refused; the
 * schedule seals only chains that moved; the webhook carries a checkpoint that verifies offline
 * with the published key; an erasure leaves every checkpoint valid.
 */
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { CompactSign } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLI_SOURCE } from '../../src/cli/cli-source.js';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { newId } from '../../src/core/ids.js';
import { textArray } from '../../src/ports/database-arrays.js';
import { createApiKey } from '../../src/modules/api-keys/create-api-key.js';
import { createCheckpointsJob } from '../../src/modules/checkpoints/create-checkpoints.job.js';
import { CHECKPOINT_PATHS } from '../../src/modules/checkpoints/checkpoints.routes.js';
import { CHECKPOINT_PAGE } from '../../src/modules/checkpoints/check-chain-checkpoints.js';
import { createCheckpoint, MAX_CHECKPOINT_SHIPMENTS } from '../../src/modules/checkpoints/create-checkpoint.js';
import type { Checkpoint } from '../../src/modules/checkpoints/checkpoint-signature.js';
import { backends } from '../support/backends.js';
import { deleteStoredCheckpoints, rewriteAuditRow, rewriteShipmentEvent } from '../support/chain-rewrite.js';
import { expectProblem } from '../support/problems.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { webhooksApi } from '../support/webhooks-api.js';

interface CheckpointReport {
  checked: number;
  failed: { checkpoint_id: string; reason: string }[];
}
interface AuditIntegrity {
  valid: boolean;
  checked: number;
  first_broken?: string;
  checkpoints: CheckpointReport;
}

/** The offline check docs/audit-log.md shows: Node's crypto, the published public key, nothing of the service. */
function verifiesOffline(checkpoint: Checkpoint, publicKeyPem: string): boolean {
  const { signature, ...content } = checkpoint;
  const [header, , sig] = signature.split('.');
  const input = `${header}.${Buffer.from(canonicalJson(content)).toString('base64url')}`;
  return verify('sha256', Buffer.from(input), { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'));
}

describe.each(backends())('signed checkpoints on $name', (backend) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // Its own database on PostgreSQL: the scheduled run seals every organisation of the database.
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const call = (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload ? { payload } : {}) });
  const checkpointNow = async (tenant: Tenant) => {
    const res = await call(tenant, 'POST', CHECKPOINT_PATHS.collection);
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json() as Checkpoint;
  };
  const auditIntegrity = async (tenant: Tenant, held?: Checkpoint[]) => {
    const res = held ? await call(tenant, 'POST', '/v1/audit-log/integrity', { checkpoints: held }) : await call(tenant, 'GET', '/v1/audit-log/integrity');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditIntegrity;
  };
  const publicKey = async (tenant: Tenant) => (await call(tenant, 'GET', CHECKPOINT_PATHS.key)).json() as { alg: string; kid: string; public_key: string; certificate: string };
  const auditRows = async (tenant: Tenant) => (await call(tenant, 'GET', '/v1/audit-log?order=asc')).json().data as { id: string }[];

  it('seals the audit head and the shipment heads, lists and reads them, and they verify offline with the published key', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const a = await shipments.created(minimalShipment(), { issue: true });
    const b = await shipments.created(minimalShipment());

    const made = await call(tenant, 'POST', CHECKPOINT_PATHS.collection);
    expect(made.statusCode, made.body).toBe(201);
    const checkpoint = made.json() as Checkpoint;
    expect(checkpoint).toMatchObject({ organization_id: tenant.organizationId, mode: 'test', previous_id: null, audit_log: { seq: 1 } });
    expect(checkpoint.id).toMatch(/^ckp_[0-9A-Z]{26}$/);
    const heads = await Promise.all([a.id, b.id].map(async (id) => (await shipments.integrity(id)).json() as { head_hash: string; events_checked: number }));
    expect([...checkpoint.shipments].sort((x, y) => x.shipment_id.localeCompare(y.shipment_id))).toEqual(
      [
        { shipment_id: a.id, seq: heads[0]!.events_checked, hash: heads[0]!.head_hash },
        { shipment_id: b.id, seq: 1, hash: heads[1]!.head_hash },
      ].sort((x, y) => x.shipment_id.localeCompare(y.shipment_id)),
    );

    const key = await publicKey(tenant);
    expect(key.alg).toBe('RS256');
    expect(JSON.parse(Buffer.from(checkpoint.signature.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'RS256', kid: key.kid, typ: 'checkpoint+jws' });
    expect(verifiesOffline(checkpoint, key.public_key)).toBe(true);
    expect(verifiesOffline({ ...checkpoint, audit_log: { ...checkpoint.audit_log, seq: 2 } }, key.public_key)).toBe(false);

    // Nothing moved: the latest checkpoint again, 200.
    const again = await call(tenant, 'POST', CHECKPOINT_PATHS.collection);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(checkpoint);
    expect((await call(tenant, 'GET', CHECKPOINT_PATHS.collection)).json()).toEqual({ data: [checkpoint], has_more: false, next_cursor: null });
    expect((await call(tenant, 'GET', `${CHECKPOINT_PATHS.collection}/${checkpoint.id}`)).json()).toEqual(checkpoint);
    // The live mode has its own checkpoints; another organisation reads none of these.
    expect((await t.app.inject({ method: 'GET', url: CHECKPOINT_PATHS.collection, headers: t.auth(tenant.liveKey) })).json().data).toEqual([]);
    const other = await t.newTenant();
    expectProblem(await call(other, 'GET', `${CHECKPOINT_PATHS.collection}/${checkpoint.id}`), 'not_found');
    expectProblem(await call(other, 'GET', `${CHECKPOINT_PATHS.collection}/ckp_nope`), 'invalid_id');
    expect(await auditIntegrity(tenant)).toMatchObject({ valid: true, checkpoints: { checked: 1, failed: [] } });
  });

  it('an audit row edited and the chain recomputed passes the chain check but fails against the stored and the held checkpoints', async () => {
    const tenant = await t.newTenant();
    for (let i = 0; i < 2; i++) await createApiKey(t.runtime.services, { organizationId: tenant.organizationId, mode: 'test' }, CLI_SOURCE);
    const held = await checkpointNow(tenant);
    expect(held.audit_log.seq).toBe(3);
    expect(await auditIntegrity(tenant)).toMatchObject({ valid: true, checked: 3, checkpoints: { checked: 1, failed: [] } });

    const victim = (await auditRows(tenant))[1]!;
    await t.asOwner((db) => rewriteAuditRow(db, { organizationId: tenant.organizationId, mode: 'test' }, victim.id, { mode: 'test', scopes: ['shipments:read'] }));
    const report = await auditIntegrity(tenant);
    // The chain alone verifies: only the checkpoint tells.
    expect(report.first_broken).toBeUndefined();
    expect(report.valid).toBe(false);
    expect(report.checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: expect.stringContaining(`at seq 3, but the checkpoint sealed ${held.audit_log.hash}`) }]);

    // The superuser also deletes the stored checkpoints: what the customer holds still fails.
    await t.asOwner((db) => deleteStoredCheckpoints(db, tenant.organizationId));
    expect(await auditIntegrity(tenant)).toMatchObject({ valid: true, checkpoints: { checked: 0 } });
    const against = await auditIntegrity(tenant, [held]);
    expect(against.valid).toBe(false);
    expect(against.checkpoints.failed.map((f) => f.checkpoint_id)).toEqual([held.id]);
  });

  it('a shipment event edited and the chain recomputed fails against the checkpoints, stored and held', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const shipment = await shipments.created(minimalShipment(), { issue: true });
    const held = await checkpointNow(tenant);
    const integrity = async () => (await shipments.integrity(shipment.id)).json() as { valid: boolean; first_bad_seq: number | null; checkpoints: CheckpointReport };
    expect(await integrity()).toMatchObject({ valid: true, checkpoints: { checked: 1, failed: [] } });

    const [first] = (await shipments.events(shipment.id)).json().data as { data: Record<string, unknown> }[];
    await t.asOwner((db) => rewriteShipmentEvent(db, shipment.id, 1, { ...first!.data, reference: 'rewritten' }));
    const report = await integrity();
    expect(report.first_bad_seq).toBeNull();
    expect(report.valid).toBe(false);
    expect(report.checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: expect.stringContaining(`shipment ${shipment.id}'s chain recomputes to hash`) }]);

    await t.asOwner((db) => deleteStoredCheckpoints(db, tenant.organizationId));
    expect((await integrity()).valid).toBe(true);
    const against = await auditIntegrity(tenant, [held]);
    expect(against.valid).toBe(false);
    expect(against.checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: expect.stringContaining(`shipment ${shipment.id}'s chain`) }]);
  });

  it('refuses a forged checkpoint: altered, signed by another key, or of another organisation', async () => {
    const tenant = await t.newTenant();
    await shipmentsApi(t, tenant).created(minimalShipment());
    const held = await checkpointNow(tenant);
    expect(await auditIntegrity(tenant, [held])).toMatchObject({ valid: true, checkpoints: { checked: 1, failed: [] } });

    const altered = { ...held, audit_log: { seq: held.audit_log.seq, hash: 'ab'.repeat(32) } };
    expect((await auditIntegrity(tenant, [altered])).checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: "its signature does not verify with the service's key" }]);

    // Signed as the service signs, with its kid, by a key that is not the service's.
    const { kid } = await publicKey(tenant);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const content = Object.fromEntries(Object.entries(altered).filter(([name]) => name !== 'signature')) as Omit<Checkpoint, 'signature'>;
    const jws = await new CompactSign(Buffer.from(canonicalJson(content))).setProtectedHeader({ alg: 'RS256', kid, typ: 'checkpoint+jws' }).sign(privateKey);
    const forged = { ...content, signature: jws.replace(/\.[^.]+\./, '..') };
    const report = await auditIntegrity(tenant, [forged]);
    expect(report.valid).toBe(false);
    expect(report.checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: "its signature does not verify with the service's key" }]);

    const other = await t.newTenant();
    expect((await auditIntegrity(other, [held])).checkpoints.failed).toEqual([{ checkpoint_id: held.id, reason: 'it is a checkpoint of another organisation or mode' }]);
    expectProblem(await call(tenant, 'POST', '/v1/audit-log/integrity', { checkpoints: [{ ...held, extra: 1 }] }), 'validation_failed');
  });

  it('the scheduled run seals only the chains that moved since the last checkpoint, once per tenant', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const a = await shipments.created(minimalShipment());
    const b = await shipments.created(minimalShipment());
    const run = () => createCheckpointsJob.handle(t.runtime.services, {});
    const list = async () => (await call(tenant, 'GET', `${CHECKPOINT_PATHS.collection}?order=asc`)).json().data as Checkpoint[];

    await run();
    const [first] = await list();
    expect(first!.shipments.map((s) => s.shipment_id).sort()).toEqual([a.id, b.id].sort());
    await run();
    expect(await list()).toHaveLength(1);

    expect((await shipments.post(a.id, 'issue')).statusCode).toBe(200);
    await run();
    const checkpoints = await list();
    expect(checkpoints).toHaveLength(2);
    expect(checkpoints[1]).toMatchObject({ previous_id: first!.id, audit_log: first!.audit_log, shipments: [{ shipment_id: a.id, seq: 2 }] });
    // The live mode: its audit chain (the live key's creation) sealed once, no shipments.
    const live = (await t.app.inject({ method: 'GET', url: CHECKPOINT_PATHS.collection, headers: t.auth(tenant.liveKey) })).json().data as Checkpoint[];
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ mode: 'live', audit_log: { seq: 1 }, shipments: [] });
  });

  it(`seals any number of moved shipments in checkpoints of at most ${MAX_CHECKPOINT_SHIPMENTS} heads, chained, and the next call finds nothing left`, { timeout: 120_000 }, async () => {
    const tenant = await t.newTenant();
    const source = await shipmentsApi(t, tenant).created(minimalShipment());
    // 2,500 copies of one shipment, each an unsealed chain head: 2,501 heads to seal.
    const now = new Date();
    const ids = Array.from({ length: 2_500 }, () => newId('shipment', now));
    await sql`
      insert into shipments
      select copy.* from shipments s, unnest(${textArray(ids)}::text[]) as n(id),
        lateral jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object('id', n.id, 'dataset_id', gen_random_uuid(), 'inspection_token', null)) as copy
      where s.id = ${source.id}`.execute(t.runtime.services.db);

    const made = await call(tenant, 'POST', CHECKPOINT_PATHS.collection);
    expect(made.statusCode, made.body.slice(0, 500)).toBe(201);
    const list = (await call(tenant, 'GET', `${CHECKPOINT_PATHS.collection}?order=asc`)).json().data as Checkpoint[];
    // Three checkpoints of 1,000, 1,000 and 501 heads, in id order; the last one is the answer.
    expect(list.map((c) => c.shipments.length)).toEqual([MAX_CHECKPOINT_SHIPMENTS, MAX_CHECKPOINT_SHIPMENTS, 501]);
    expect(made.json()).toEqual(list.at(-1));
    expect(list.map((c) => c.previous_id)).toEqual([null, ...list.slice(0, -1).map((c) => c.id)]);
    const sealed = list.flatMap((c) => c.shipments.map((s) => s.shipment_id));
    expect(sealed).toEqual([source.id, ...ids].sort());
    const key = (await publicKey(tenant)).public_key;
    for (const checkpoint of list) expect(verifiesOffline(checkpoint, key), checkpoint.id).toBe(true);

    // Held, they bring every shipment they name into the check: the copies have no events, so
    // each fails at the head it sealed; the original's chain recomputes to its head.
    const checked = await auditIntegrity(tenant, list);
    const failed = checked.checkpoints.failed.map((f) => /shipment (shp_\w+)'s chain has no entry at seq 1/.exec(f.reason)?.[1]);
    expect(failed.sort()).toEqual([...ids].sort());

    // Every head is sealed: the next call answers with the latest checkpoint.
    const again = await call(tenant, 'POST', CHECKPOINT_PATHS.collection);
    expect(again.statusCode, again.body.slice(0, 500)).toBe(200);
    expect((again.json() as Checkpoint).id).toBe(list.at(-1)!.id);
  });

  it('checks every stored checkpoint, however many, reading them a page at a time', { timeout: 60_000 }, async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    for (let i = 0; i <= CHECKPOINT_PAGE; i++) {
      await shipments.created(minimalShipment());
      await createCheckpoint(t.runtime.services, { organizationId: tenant.organizationId, mode: 'test' });
    }
    expect((await auditIntegrity(tenant)).checkpoints).toEqual({ checked: CHECKPOINT_PAGE + 1, failed: [] });
  });

  it('checkpoints made at the same moment (on demand and scheduled) form one chain: none forks, every head sealed once', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const made = await Promise.all(Array.from({ length: 6 }, () => shipments.created(minimalShipment())));
    const answers = await Promise.all([...Array.from({ length: 4 }, () => call(tenant, 'POST', CHECKPOINT_PATHS.collection)), createCheckpointsJob.handle(t.runtime.services, {})]);
    for (const res of answers) if (res) expect([200, 201], res.body).toContain(res.statusCode);
    expect(answers.filter((res) => res?.statusCode === 201).length).toBeGreaterThanOrEqual(1);

    const list = (await call(tenant, 'GET', `${CHECKPOINT_PATHS.collection}?order=asc`)).json().data as Checkpoint[];
    expect(list.map((c) => c.previous_id)).toEqual([null, ...list.slice(0, -1).map((c) => c.id)]);
    expect(list.flatMap((c) => c.shipments.map((s) => s.shipment_id)).sort()).toEqual(made.map((s) => s.id).sort());
    expect((await auditIntegrity(tenant)).checkpoints).toEqual({ checked: list.length, failed: [] });
  });

  it('delivers audit.checkpoint_created with the checkpoint, which verifies with the published key and is accepted back', async () => {
    const tenant = await t.newTenant();
    await webhooksApi(t, tenant).endpoint({ url: receiver.url, events: ['audit.checkpoint_created'] });
    await shipmentsApi(t, tenant).created(minimalShipment());
    const made = await checkpointNow(tenant);
    while ((await t.runtime.deliveries.tick()) > 0);
    const [delivery] = receiver.received.filter((r) => r.json.type === 'audit.checkpoint_created');
    expect(delivery!.json).toMatchObject({ type: 'audit.checkpoint_created', mode: 'test', data: { checkpoint_id: made.id } });
    const delivered = delivery!.json.data.checkpoint as Checkpoint;
    expect(delivered).toEqual(made);
    expect(verifiesOffline(delivered, (await publicKey(tenant)).public_key)).toBe(true);
    expect(await auditIntegrity(tenant, [delivered])).toMatchObject({ valid: true, checkpoints: { checked: 1, failed: [] } });
  });

  it('an erasure leaves the chains verifying against every checkpoint', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const shipment = await shipments.created(fullShipment(), { issue: true });
    // The reason names the consignor's contact: the erasure replaces that event's data.
    expect((await shipments.post(shipment.id, 'cancel', { reason: 'planning@noordzee-logistics.example asked to cancel' })).statusCode).toBe(200);
    const held = await checkpointNow(tenant);
    const erasure = await call(tenant, 'POST', '/v1/privacy/erasures', { subject: { email: 'planning@noordzee-logistics.example' }, dry_run: false });
    expect(erasure.statusCode, erasure.body).toBe(201);
    const erased = await sql<{ n: string | number }>`select count(*) as n from shipment_events where shipment_id = ${shipment.id} and erased_at is not null`.execute(t.runtime.services.db);
    expect(Number(erased.rows[0]!.n)).toBeGreaterThan(0);
    expect((await shipments.integrity(shipment.id)).json()).toMatchObject({ valid: true, checkpoints: { checked: 1, failed: [] } });
    await checkpointNow(tenant);
    expect(await auditIntegrity(tenant, [held])).toMatchObject({ valid: true, checkpoints: { checked: 2, failed: [] } });
  });
});
