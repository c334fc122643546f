/**
 * The PAdES baseline B-B seal on every note version: `pdfsig` (poppler-utils) reports it intact on
 * a stored version, and broken once a byte of the sealed file changes; the CMS carries exactly
 * content-type, message-digest and signing-certificate-v2, and no signing-time (checked here with
 * pkijs, because pdfsig and openssl do not look at signing-certificate-v2); the key is made once
 * per deployment and kept; production wants the platform certificate.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { OID } from '../../src/modules/documents/pades/cades-signed-data.js';
import { cryptoEngine } from '../../src/core/key-material/pkijs-engine.js';
import { generateSelfSignedSealingKey, sealingKeyFromPem } from '../../src/core/key-material/sealing-key.js';
import { sealPdf } from '../../src/modules/documents/pades/seal-pdf.js';
import { backends } from '../support/backends.js';
import { documentsApi } from '../support/documents-api.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'fds-seal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfsig(bytes: Uint8Array, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** The length of the DER element at the start of `der`, header included. */
function derLength(der: Buffer): number {
  const first = der[1]!;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  return 2 + octets + der.subarray(2, 2 + octets).reduce((length, byte) => length * 256 + byte, 0);
}

/** The /ByteRange numbers and the CMS in /Contents of a sealed file. */
function signatureParts(bytes: Uint8Array): { ranges: number[]; cms: Buffer } {
  const text = Buffer.from(bytes).toString('latin1');
  const ranges = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!.slice(1).map(Number);
  const contents = Buffer.from(text.slice(ranges[1]! + 1, ranges[2]! - 1), 'hex');
  // The CMS is DER and /Contents is zero-padded after it: its own length says where it ends (a
  // signature may end in zero bytes, so trimming the zeros could cut it).
  return { ranges, cms: contents.subarray(0, derLength(contents)) };
}

describe('sealed consignment notes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backends()[0]!);
  });
  afterAll(() => t.close());

  it('every stored version is sealed: pdfsig reports it intact; a byte changed after sealing breaks it', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const docs = documentsApi(t, tenant);
    const note = (await docs.list(shipment.id)).json().data[0];
    const bytes = (await docs.download(note.id)).rawPayload;
    const report = pdfsig(bytes, 'v1.pdf');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');

    // Flip one byte inside the first signed range (the page content, not the signature itself).
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf('stream', 2000, 'latin1') + 20;
    tampered[at] = tampered[at]! ^ 0x01;
    expect(pdfsig(tampered, 'tampered.pdf')).toMatch(/Signature is Invalid|Digest Mismatch/);

    // A later version (a signature) is sealed too, by the same key.
    await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', signer_name: 'Sanne de Vries' } });
    const v2 = (await docs.list(shipment.id, '?order=desc&kind=consignment_note')).json().data[0];
    expect(v2.version).toBe(2);
    const second = pdfsig((await docs.download(v2.id)).rawPayload, 'v2.pdf');
    expect(second).toContain('Signature Validation: Signature is Valid.');
    const signer = (r: string) => /Signer full Distinguished Name: (.+)/.exec(r)![1];
    expect(signer(second)).toBe(signer(report));
  });

  it('the CMS is CAdES B-B: content-type, message-digest over the byte ranges, signing-certificate-v2, no signing-time; the signature verifies', async () => {
    const at = new Date('2026-11-24T09:30:00Z');
    const { key, privateKeyPem, certificatePem } = await generateSelfSignedSealingKey('Test seal', at);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000056 00000 n \n0000000111 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n178\n%%EOF\n', 'latin1');
    const sealed = await sealPdf(pdf, key, { at, reason: 'test' });
    expect(pdfsig(sealed, 'small.pdf')).toContain('Signature is Valid.');
    // The same bytes and key seal to the same bytes (no time in the CMS; /M is the version's time).
    expect(Buffer.from(await sealPdf(pdf, key, { at, reason: 'test' })).equals(Buffer.from(sealed))).toBe(true);

    const { ranges, cms } = signatureParts(sealed);
    const signedBytes = Buffer.concat([Buffer.from(sealed.subarray(ranges[0]!, ranges[0]! + ranges[1]!)), Buffer.from(sealed.subarray(ranges[2]!, ranges[2]! + ranges[3]!))]);
    const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(cms));
    expect(info.contentType).toBe(OID.signedData);
    const signed = new pkijs.SignedData({ schema: info.content });
    expect(signed.encapContentInfo.eContent).toBeUndefined();
    const signerInfo = signed.signerInfos[0]!;
    const attributes = signerInfo.signedAttrs!.attributes;
    expect(attributes.map((a) => a.type).sort()).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort());
    expect(attributes.some((a) => a.type === OID.signingTime)).toBe(false);
    const digest = (attributes.find((a) => a.type === OID.messageDigest)!.values[0] as asn1js.OctetString).valueBlock.valueHexView;
    expect(Buffer.from(digest).toString('hex')).toBe(createHash('sha256').update(signedBytes).digest('hex'));
    const certV2 = attributes.find((a) => a.type === OID.signingCertificateV2)!.values[0] as asn1js.Sequence;
    const essCertId = (certV2.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const certHash = (essCertId.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView;
    expect(Buffer.from(certHash).toString('hex')).toBe(createHash('sha256').update(key.certificateDer).digest('hex'));
    const issuerSerial = essCertId.valueBlock.value[1] as asn1js.Sequence;
    expect((issuerSerial.valueBlock.value[1] as asn1js.Integer).isEqual(key.certificate.serialNumber)).toBe(true);
    const verified = await signed.verify({ signer: 0, data: toArrayBuffer(signedBytes), checkChain: false }, cryptoEngine());
    expect(verified).toBe(true);
    // openssl agrees on the CMS and the content.
    writeFileSync(join(dir, 'sig.der'), cms);
    writeFileSync(join(dir, 'content.bin'), signedBytes);
    const out = spawnSync('openssl', ['cms', '-verify', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-content', join(dir, 'content.bin'), '-binary', '-noverify', '-out', '/dev/null'], { encoding: 'utf8' });
    expect(out.stderr).toContain('Verification successful');

    // A configured key and certificate (PEM) seal just the same.
    const fromPem = await sealingKeyFromPem(privateKeyPem, certificatePem);
    expect(pdfsig(await sealPdf(pdf, fromPem, { at, reason: 'test' }), 'pem.pdf')).toContain('Signature is Valid.');
  });

  it('the self-signed key is made once per deployment and kept; production wants the platform certificate', async () => {
    const stored = await t.runtime.services.db.selectFrom('service_secrets').select('name').where('name', 'in', ['seal_private_key', 'seal_certificate']).execute();
    expect(stored.map((r) => r.name).sort()).toEqual(['seal_certificate', 'seal_private_key']);
    const production = { ENVIRONMENT: 'production', DATABASE_URL: 'postgres://x/y' };
    expect(() => loadConfig(production)).toThrow(/SEAL_PRIVATE_KEY and SEAL_CERTIFICATE/);
    expect(() => loadConfig({ ...production, SEAL_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----' })).toThrow(/go together/);
    expect(loadConfig({ ...production, SEAL_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAA', SEAL_CERTIFICATE: '-----BEGIN CERTIFICATE-----' }).seal?.privateKeyPem).toBe('-----BEGIN PRIVATE KEY-----\nAAA');
  });
});
