/**
 * verify.mjs against a tampered export: a changed event, a changed document
 * and a swapped or altered sealed PDF each fail it with a non-zero exit and a message that names
 * what is wrong — also when the tamperer fixed manifest.json (and documents.jsonl) to match.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, openExport, readFile } from '../../src/modules/exports/verifier/verify.mjs';
import { backends } from '../support/backends.js';
import { exportsApi, runVerifier } from '../support/exports-api.js';
import { INVOICE_CASES, issueCase } from '../support/invoices-api.js';
import { documentsApi } from '../support/documents-api.js';
import { pdf } from '../support/sample-files.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

type Files = Map<string, Buffer>;
type Json = Record<string, any>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const jsonLines = (bytes: Buffer) => bytes.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Json);
const toJsonLines = (records: Json[]) => Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''));

describe.each(backends())('verify.mjs on a tampered export on $name', (backend) => {
  let t: TestApp;
  let original: Files;
  let delivered: string;
  let issued: string;

  beforeAll(async () => {
    // Its own database on PostgreSQL: the job loop claims export jobs of any organisation, and this app's object store holds its zips.
    t = await buildTestApp(backend, { ownDatabase: true });
    const tenant = await t.newTenant();
    delivered = (await issueCase(t, tenant, INVOICE_CASES.nlDomestic!())).shipmentId;
    issued = (await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true })).id;
    await documentsApi(t, tenant).uploaded(issued, { kind: 'attachment', filename: 'customs.pdf', contentType: 'application/pdf', bytes: pdf() });
    const api = exportsApi(t, tenant);
    const source = await openExport(await api.downloaded(await api.completed()));
    original = new Map();
    for (const name of source.names()) original.set(name, await readFile(source, name));
    await source.close();
  }, 120_000);
  afterAll(() => t?.close());

  /** Writes the files into a folder, with the manifest's entries for `fixed` updated to their new bytes. */
  function folder(files: Files, fixed: string[] = []): string {
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Json;
    for (const entry of manifest.files) {
      if (fixed.includes(entry.path)) Object.assign(entry, { sha256: sha256(files.get(entry.path)!), size: files.get(entry.path)!.length });
    }
    const dir = mkdtempSync(join(tmpdir(), 'fds-tampered-'));
    for (const [name, bytes] of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), name === 'manifest.json' ? JSON.stringify(manifest) : bytes);
    }
    return dir;
  }
  const verify = (dir: string) => runVerifier(join(dir, 'verify.mjs'), dir);
  const documents = (files: Files) => jsonLines(files.get('documents.jsonl')!);

  it('passes on the export as made', async () => {
    const result = await verify(folder(original));
    expect(result.code, result.stdout).toBe(0);
  });

  it('fails on an event whose data was changed, with or without the manifest fixed', async () => {
    const files = new Map(original);
    const events = jsonLines(files.get('shipment-events.jsonl')!);
    const issuedEvent = events.find((e) => e.shipment_id === delivered && e.type === 'shipment.issued')!;
    issuedEvent.data = { ...issuedEvent.data, status: 'cancelled' };
    files.set('shipment-events.jsonl', toJsonLines(events));

    const plain = await verify(folder(files));
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('FAIL shipment-events.jsonl: SHA-256');
    const fixed = await verify(folder(files, ['shipment-events.jsonl']));
    expect(fixed.code).toBe(1);
    expect(fixed.stdout).toContain(`FAIL shipment ${delivered} event seq ${issuedEvent.seq} (shipment.issued): data does not match its data_sha256`);
    expect(fixed.stdout).toMatch(/^NOT VERIFIED: 1 problem;/m);
  });

  it('passes on an event whose personal data was erased (erased_at set, data_sha256 kept), as DESIGN says', async () => {
    const files = new Map(original);
    const events = jsonLines(files.get('shipment-events.jsonl')!);
    const created = events.find((e) => e.shipment_id === delivered && e.seq === 1)!;
    created.data = { ...created.data, reference: '[erased]' };
    created.erased_at = new Date().toISOString();
    files.set('shipment-events.jsonl', toJsonLines(events));
    const erased = await verify(folder(files, ['shipment-events.jsonl']));
    expect(erased.code, erased.stdout).toBe(0);
  });

  it('fails on an event recomputed to hide the change (its hash no longer chains), and on a deleted last event', async () => {
    const files = new Map(original);
    const events = jsonLines(files.get('shipment-events.jsonl')!);
    const event = events.find((e) => e.shipment_id === delivered && e.seq === 2)!;
    event.data = { ...event.data, note: 'added later' };
    event.data_sha256 = createHash('sha256').update(canonicalJson(event.data)).digest('hex');
    files.set('shipment-events.jsonl', toJsonLines(events));
    const rehashed = await verify(folder(files, ['shipment-events.jsonl']));
    expect(rehashed.code).toBe(1);
    expect(rehashed.stdout).toContain(`FAIL shipment ${delivered} event seq 2`);

    const truncated = new Map(original);
    const all = jsonLines(original.get('shipment-events.jsonl')!);
    const lastOfIssued = Math.max(...all.filter((e) => e.shipment_id === issued).map((e) => e.seq));
    truncated.set('shipment-events.jsonl', toJsonLines(all.filter((e) => !(e.shipment_id === issued && e.seq === lastOfIssued))));
    const cut = await verify(folder(truncated, ['shipment-events.jsonl']));
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain(`FAIL shipment ${issued}: chain ends at seq ${lastOfIssued - 1}`);
  });

  it('fails on a document whose bytes were changed, naming the document, even with the manifest and documents.jsonl fixed', async () => {
    const files = new Map(original);
    const attachment = documents(files).find((d) => d.kind === 'attachment')!;
    const bytes = Buffer.from(files.get(attachment.path)!);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    files.set(attachment.path, bytes);
    const plain = await verify(folder(files));
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain(`FAIL document ${attachment.id} (${attachment.path}): SHA-256 of the bytes is ${sha256(bytes)}, not the document's ${attachment.sha256}`);

    // The tamperer also rewrites the document's digest: the event that recorded the upload still holds the old one.
    files.set('documents.jsonl', toJsonLines(documents(files).map((d) => (d.id === attachment.id ? { ...d, sha256: sha256(bytes) } : d))));
    const covered = await verify(folder(files, [attachment.path, 'documents.jsonl']));
    expect(covered.code).toBe(1);
    expect(covered.stdout).toContain(`FAIL document ${attachment.id}: shipment ${issued} event seq`);
    expect(covered.stdout).toContain(`records SHA-256 ${attachment.sha256}`);
  });

  it('fails on a sealed PDF swapped for another sealed PDF of the service', async () => {
    const files = new Map(original);
    const notes = documents(files).filter((d) => d.kind === 'consignment_note');
    const mine = notes.find((d) => d.shipment_id === delivered)!;
    const other = notes.find((d) => d.shipment_id === issued)!;
    files.set(mine.path, files.get(other.path)!);
    const result = await verify(folder(files, [mine.path]));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`FAIL document ${mine.id} (${mine.path}): SHA-256 of the bytes is ${other.sha256}, not the document's ${mine.sha256}`);
  });

  it('fails on a sealed PDF changed after sealing, even with every digest rewritten to match', async () => {
    const files = new Map(original);
    const note = documents(files).find((d) => d.kind === 'consignment_note' && d.shipment_id === issued)!;
    const bytes = Buffer.from(files.get(note.path)!);
    const at = bytes.indexOf('/Producer');
    expect(at).toBeGreaterThan(0);
    bytes[at + 1] = 'p'.charCodeAt(0);
    files.set(note.path, bytes);
    files.set('documents.jsonl', toJsonLines(documents(files).map((d) => (d.id === note.id ? { ...d, sha256: sha256(bytes) } : d))));
    const result = await verify(folder(files, [note.path, 'documents.jsonl']));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`FAIL document ${note.id} (${note.path}): seal does not verify: the seal's message digest is not the SHA-256 of the file`);
  });

  it('fails on a sealed PDF whose certificate is not the one the manifest pins', async () => {
    const files = new Map(original);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Json;
    const pinned = manifest.files.find((m: Json) => m.seal_certificate_sha256);
    pinned.seal_certificate_sha256 = 'ab'.repeat(32);
    files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    const result = await verify(folder(files));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`FAIL document doc_\\w+ \\(${pinned.path}\\): sealed with certificate [0-9a-f]{64}, not the one manifest.json pins for it \\(${'ab'.repeat(32)}\\)`));
  });

  it('answers 2 with a clear message for something that is not an export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fds-not-export-'));
    writeFileSync(join(dir, 'x.zip'), 'not a zip');
    writeFileSync(join(dir, 'verify.mjs'), readFileSync(join(folder(original), 'verify.mjs')));
    const result = await runVerifier(join(dir, 'verify.mjs'), join(dir, 'x.zip'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot read the export');
  });
});
