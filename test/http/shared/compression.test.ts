/**
 * Compressed answers: HTML, JavaScript, CSS, JSON, problem+json and XML (also SVG) come as Brotli
 * or gzip as Accept-Encoding asks, with `Vary: Accept-Encoding`, a Content-Length that is the
 * compressed one (or none when streamed) and bytes that decompress to the same body; as they are for
 * `identity`, below 1 KB, for PDFs and images, partial answers and zips. The pages' hashed files
 * come precompressed at the best quality; ETags still give 304, HEAD still answers with headers
 * only, and an Idempotency-Key replay is the same answer.
 */
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRuntime } from '../../../src/app-runtime.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { startS3rver, type RunningS3 } from '../../support/s3rver.js';
import { png } from '../../support/sample-files.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

const FIXTURES = '/v1/_fixtures/compress';
const row = (i: number) => `<stop position="${i}"><place>Rotterdam Waalhaven ${i}</place><window>08:00–10:00</window></stop>`;
const xml = `<?xml version="1.0" encoding="UTF-8"?><tour>${Array.from({ length: 40 }, (_, i) => row(i)).join('')}</tour>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${Array.from({ length: 60 }, (_, i) => `<circle cx="${i}" cy="${i}" r="3" fill="#0a2a66"/>`).join('')}</svg>`;
const problem = JSON.stringify({ type: 'https://docs.example/errors/validation_failed', title: 'Validation failed', status: 422, code: 'validation_failed', findings: Array.from({ length: 30 }, (_, i) => ({ path: `/goods/${i}/weight_kg`, message: 'must be a positive number' })) });
const bodies: Record<string, { type: string; body: string | Buffer }> = {
  xml: { type: 'application/xml; charset=utf-8', body: xml },
  'text-xml': { type: 'text/xml; charset=utf-8', body: xml },
  svg: { type: 'image/svg+xml', body: svg },
  problem: { type: 'application/problem+json; charset=utf-8', body: problem },
  small: { type: 'application/json; charset=utf-8', body: JSON.stringify({ ok: true, note: 'x'.repeat(800) }) },
  png: { type: 'image/png', body: png(400) },
};

/** Answers of each type, a streamed one, a partial one and a streamed zip with its length. */
const fixtures: FastifyPluginAsync<{ runtime: AppRuntime }> = async (app) => {
  const config = { access: { public: true } };
  app.get<{ Params: { kind: string } }>(`${FIXTURES}/:kind`, { config, schema: { hide: true } }, async (request, reply) => {
    const { type, body } = bodies[request.params.kind]!;
    return reply.type(type).send(body);
  });
  app.get(`${FIXTURES}-stream/csv`, { config, schema: { hide: true } }, async (_request, reply) => reply.type('text/csv; charset=utf-8').send(Readable.from(Array.from({ length: 200 }, (_, i) => `${i};PO-${i};Rotterdam;Duisburg\n`))));
  app.get(`${FIXTURES}-stream/zip`, { config, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/zip').header('content-length', 4096).send(Readable.from([Buffer.alloc(4096, 'z')])),
  );
  app.get(`${FIXTURES}-partial`, { config, schema: { hide: true } }, async (_request, reply) =>
    reply.status(206).type('text/plain').header('content-range', 'bytes 0-1999/5000').send('a'.repeat(2000)),
  );
};

const decode = (encoding: string | undefined, bytes: Buffer): Buffer => (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes);

describe.each(backends())('compressed answers on $name', (backend) => {
  let t: TestApp;
  let s3: RunningS3 | undefined;
  beforeAll(async () => {
    s3 = backend.databaseUrl ? await startS3rver() : undefined;
    const env: Record<string, string> = s3 ? { S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId!, S3_SECRET_ACCESS_KEY: s3.secretAccessKey! } : {};
    t = await buildTestApp(backend, { env, plugins: [fixtures] });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** The answer in each encoding decompresses to the identity answer, with the right headers. */
  async function expectCompressible(url: string, headers: Record<string, string> = {}, precompressed = false): Promise<Buffer> {
    const plain = await get(url, { ...headers, 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url, { ...headers, 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
      // Up to 16 KB compressed in one go, with its length; larger bodies stream without one. Hashed files are ready in memory.
      if (precompressed || plain.rawPayload.length <= 16 * 1024) expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      else expect(res.headers['content-length']).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload), `${url} as ${encoding}`).toBe(true);
    }
    return plain.rawPayload;
  }

  it('compresses XML, SVG and problem+json as br or gzip; not below 1 KB, not images, not for identity', async () => {
    for (const kind of ['xml', 'text-xml', 'svg', 'problem']) expect((await expectCompressible(`${FIXTURES}/${kind}`)).toString()).toBe(String(bodies[kind]!.body));
    for (const kind of ['small', 'png']) {
      const res = await get(`${FIXTURES}/${kind}`, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], kind).toBeUndefined();
      expect(res.rawPayload.equals(Buffer.from(bodies[kind]!.body)), kind).toBe(true);
    }
    // No Accept-Encoding at all: as it is.
    expect((await get(`${FIXTURES}/xml`)).headers['content-encoding']).toBeUndefined();
  });

  it('compresses the driver page, its service worker, its hashed files (precompressed, cached a year) and a shipment as JSON', async () => {
    const html = (await expectCompressible('/driver')).toString();
    await expectCompressible('/driver/sw.js');
    const assets = [...html.matchAll(/(?:src|href)="(\/driver\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.css')) && assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      await expectCompressible(asset, {}, true);
      const res = await get(asset, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment());
    const json = JSON.parse((await expectCompressible(`/v1/shipments/${shipment.id}`, t.auth(tenant.testKey))).toString());
    expect(json.id).toBe(shipment.id);
  });

  it('HEAD answers with the headers of the page as it is and no body; an Idempotency-Key replay is the same compressed answer', async () => {
    const full = await get('/driver', { 'accept-encoding': 'identity' });
    const head = await t.app.inject({ method: 'HEAD', url: '/driver', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.vary).toMatch(/accept-encoding/i);

    const tenant = await t.newTenant();
    const post = () => t.app.inject({ method: 'POST', url: '/v1/shipments', headers: { ...t.auth(tenant.testKey), 'idempotency-key': 'compressed-1', 'accept-encoding': 'br' }, payload: fullShipment() });
    const [first, replay] = [await post(), await post()];
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(String(replay.headers['content-encoding']), replay.rawPayload).toString())).toEqual(JSON.parse(brotliDecompressSync(first.rawPayload).toString()));
  });

  it('a PDF download goes as it is, with its ETag (304 on If-None-Match) and the whole file also when a Range is asked', async () => {
    const tenant = await t.newTenant();
    const docs = documentsApi(t, tenant);
    const issued = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const note = (await docs.list(issued.id)).json().data[0];
    const url = (await docs.downloadUrl(note.id)).json().url as string;
    const file = await docs.fetch(url, { 'accept-encoding': 'br, gzip' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.length).toBe(note.size);
    const again = await docs.fetch(url, { 'accept-encoding': 'br, gzip', 'if-none-match': String(file.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The service serves whole files: a Range is answered with all the bytes, never a mixed encoding.
    const ranged = await docs.fetch(url, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(ranged.headers['content-encoding']).toBeUndefined();
    if (ranged.statusCode === 206) expect(ranged.rawPayload.equals(file.rawPayload.subarray(0, 100))).toBe(true);
    else expect(ranged.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('streams a compressible body compressed without a Content-Length; a zip stream and a partial answer go as they are', async () => {
    const plain = await get(`${FIXTURES}-stream/csv`, { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip']) {
      const res = await get(`${FIXTURES}-stream/csv`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBeUndefined();
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const zip = await get(`${FIXTURES}-stream/zip`, { 'accept-encoding': 'br, gzip' });
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.headers['content-length']).toBe('4096');
    expect(zip.rawPayload.length).toBe(4096);
    const partial = await get(`${FIXTURES}-partial`, { 'accept-encoding': 'br, gzip' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.headers['content-range']).toBe('bytes 0-1999/5000');
    expect(partial.rawPayload.length).toBe(2000);
  });
});
