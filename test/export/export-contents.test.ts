/**
 * What a GDPR export holds (docs/export.md): every kind of record of the
 * organisation in the key's mode and every stored document as its original bytes, a manifest with
 * the count and SHA-256 of each file, no secret or token anywhere, nothing of another mode or
 * organisation; and the zip's own verify.mjs, run as a user would, passes on it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openExport, readFile } from '../../src/modules/exports/verifier/verify.mjs';
import { VERIFIER_PATH } from '../../src/modules/exports/verifier-source.js';
import { backends } from '../support/backends.js';
import { exportFixture, type ExportFixture } from '../support/export-fixture.js';
import { exportsApi, runVerifier } from '../support/exports-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const RECORD_FILES = [
  'shipments.jsonl',
  'shipment-events.jsonl',
  'signatures.jsonl',
  'signature-requests.jsonl',
  'remarks.jsonl',
  'invoices.jsonl',
  'tours.jsonl',
  'provider-routing-rules.jsonl',
  'privacy-erasures.jsonl',
  'notifications.jsonl',
  'webhook-endpoints.jsonl',
  'webhook-deliveries.jsonl',
  'events.jsonl',
  'request-logs.jsonl',
  'audit-log.jsonl',
  'documents.jsonl',
];

describe.each(backends())('the contents of an export on $name', (backend) => {
  let t: TestApp;
  let f: ExportFixture;
  let zip: string;
  let files: Map<string, Buffer>;
  let manifest: Record<string, any>;
  const lines = (name: string) =>
    files
      .get(name)!
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, any>);

  beforeAll(async () => {
    // Its own database on PostgreSQL: the job loop claims export jobs of any organisation, and this app's object store holds its zips.
    t = await buildTestApp(backend, { ownDatabase: true });
    f = await exportFixture(t);
    const api = exportsApi(t, f.tenant);
    zip = await api.downloaded(await api.completed());
    const source = await openExport(zip);
    files = new Map();
    for (const name of source.names()) files.set(name, await readFile(source, name));
    await source.close();
    manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  }, 120_000);
  afterAll(() => t?.close());

  it('holds manifest.json and verify.mjs at its root, verify.mjs byte for byte the tested source', () => {
    expect(files.has('manifest.json')).toBe(true);
    expect(files.get('verify.mjs')!.equals(readFileSync(VERIFIER_PATH))).toBe(true);
  });

  it('has a manifest with the export, its time, its schema version, counts, and the SHA-256 and size of every other file', () => {
    expect(manifest).toMatchObject({ schema_version: 1, organization_id: f.tenant.organizationId, mode: 'test' });
    expect(new Date(manifest.exported_at).toISOString()).toBe(manifest.exported_at);
    expect(manifest.files.map((file: { path: string }) => file.path).sort()).toEqual([...files.keys()].filter((n) => n !== 'manifest.json').sort());
    for (const file of manifest.files) {
      const bytes = files.get(file.path)!;
      expect(file.sha256, file.path).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(file.size, file.path).toBe(bytes.length);
    }
    for (const name of RECORD_FILES) {
      const file = manifest.files.find((m: { path: string }) => m.path === name);
      expect(file?.records, name).toBe(lines(name).length);
    }
    expect(manifest.counts).toMatchObject({ shipments: 2, documents_missing: 0 });
    expect(manifest.hash_chain).toContain('SHA-256');
  });

  it('holds every kind of record of the organisation in the mode', () => {
    for (const name of RECORD_FILES) expect(lines(name).length, name).toBeGreaterThan(0);
    expect(lines('shipments.jsonl').map((s) => s.id).sort()).toEqual([f.delivered, f.issued].sort());
    const events = lines('shipment-events.jsonl');
    expect(events.filter((e) => e.shipment_id === f.delivered).map((e) => e.seq)).toEqual(events.filter((e) => e.shipment_id === f.delivered).map((_, i) => i + 1));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['shipment.issued', 'signature.completed', 'shipment.delivered', 'invoice.issued', 'shipment.document_added', 'remark.created']));
    expect(lines('signatures.jsonl').map((s) => s.role).sort()).toEqual(['carrier', 'consignee', 'consignor', 'consignor']);
    const drawn = lines('signatures.jsonl').filter((s) => s.image_path);
    expect(drawn).toHaveLength(1);
    expect(files.get(drawn[0]!.image_path)!.subarray(1, 4).toString()).toBe('PNG');
    for (const signature of lines('signatures.jsonl')) {
      expect(Object.keys(signature)).not.toContain('image_object_key');
      if (signature.image_path) expect(files.has(signature.image_path), signature.image_path).toBe(true);
    }
    expect(lines('remarks.jsonl')[0]).toMatchObject({ shipment_id: f.issued, text: 'Dent in the side panel.' });
    expect(lines('signature-requests.jsonl')[0]).toMatchObject({ shipment_id: f.issued, role: 'consignor', channel: 'email', status: 'completed' });
    expect(lines('invoices.jsonl')[0]).toMatchObject({ shipment_id: f.delivered });
    expect(lines('tours.jsonl')[0]).toMatchObject({ id: f.tourId });
    expect(lines('provider-routing-rules.jsonl')[0]).toMatchObject({ id: f.routingRuleId, name: 'Iceland stays here' });
    expect(lines('privacy-erasures.jsonl')[0]).toMatchObject({ id: f.erasureId });
    expect(files.get('privacy-erasures.jsonl')!.toString('utf8')).not.toContain('nobody.here@example.org');
    expect(lines('notifications.jsonl')[0]).toMatchObject({ channel: 'email', shipment_id: f.issued });
    expect(lines('webhook-endpoints.jsonl')[0]).toMatchObject({ url: 'https://hooks.export-test.eu/fds' });
    expect(lines('request-logs.jsonl').some((r) => r.method === 'POST' && r.path === '/v1/shipments')).toBe(true);
    expect(lines('audit-log.jsonl').length).toBeGreaterThan(0);
  });

  it('holds every stored document as its original bytes, at the path and with the SHA-256 documents.jsonl gives', () => {
    const documents = lines('documents.jsonl');
    expect(documents.map((d) => d.kind)).toEqual(expect.arrayContaining(['consignment_note', 'pod', 'invoice', 'attachment', 'photo']));
    for (const d of documents) {
      const bytes = files.get(d.path);
      expect(bytes, d.path).toBeDefined();
      expect(createHash('sha256').update(bytes!).digest('hex')).toBe(d.sha256);
      expect(bytes!.length).toBe(Number(d.size));
    }
    expect(documents.find((d) => d.id === f.attachment.id)?.sha256).toBe(f.attachment.sha256);
    expect(documents.find((d) => d.id === f.photo.id)?.sha256).toBe(f.photo.sha256);
    const sealed = manifest.files.filter((m: { seal_certificate_sha256?: string }) => m.seal_certificate_sha256);
    expect(sealed.length).toBe(documents.filter((d) => d.kind === 'consignment_note' || d.kind === 'pod').length);
    expect(manifest.seal_certificates.map((c: { sha256: string }) => c.sha256)).toContain(sealed[0].seal_certificate_sha256);
  });

  it('holds no secret, token or token hash in any file, compressed or not', () => {
    const raw = readFileSync(zip);
    for (const secret of f.secrets) {
      expect(raw.includes(secret), 'the raw zip').toBe(false);
      for (const [name, bytes] of files) expect(bytes.includes(secret), `${name} holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    for (const token of f.jsonOnlySecrets) {
      for (const [name, bytes] of files) if (!name.startsWith('documents/')) expect(bytes.includes(token), `${name} holds the inspection token`).toBe(false);
    }
    for (const endpoint of lines('webhook-endpoints.jsonl')) expect(Object.keys(endpoint)).not.toContain('secret');
    for (const request of lines('signature-requests.jsonl')) expect(Object.keys(request).filter((k) => /^token|_hash$|sealed/.test(k) && k !== 'recipient_hash')).toEqual([]);
  });

  it('holds nothing of another mode or another organisation', () => {
    for (const [name, bytes] of files) {
      expect(bytes.includes(f.liveShipment), `${name} holds the live shipment`).toBe(false);
      expect(bytes.includes(f.foreignShipment), `${name} holds the other organisation's shipment`).toBe(false);
    }
    for (const name of RECORD_FILES) for (const record of lines(name)) if ('mode' in record) expect(record.mode, name).toBe('test');
  });

  it('verifies with its own verify.mjs, on the zip and unzipped', async () => {
    const onZip = await runVerifier(VERIFIER_PATH, zip);
    expect(onZip.code, onZip.stdout + onZip.stderr).toBe(0);
    expect(onZip.stdout).toMatch(/^VERIFIED: \d+ files, 2 shipment chains \(\d+ events\), \d+ documents, \d+ seals, \d+ audit rows, \d+ checkpoints checked\.$/m);
    const dir = mkdtempSync(join(tmpdir(), 'fds-unzipped-'));
    for (const [name, bytes] of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), bytes);
    }
    // As docs/export.md says: unzip, then run the verify.mjs inside with no argument.
    const unzipped = await runVerifier(join(dir, 'verify.mjs'), '');
    expect(unzipped.code, unzipped.stdout + unzipped.stderr).toBe(0);
  });
});
