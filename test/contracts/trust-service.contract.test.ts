/**
 * One contract for the trust service port: the sandbox simulator, and the CSC API v2 client
 * against a fake remote signing service on 127.0.0.1. Identification gives a credential, its
 * certificate and activation data; `signHash` signs a SHA-256 that verifies under that
 * certificate; activation data is bound to its credential and to what the service issued.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cscTrustService } from '../../src/adapters/trust-service/csc-http.js';
import { sandboxTrustService, SIMULATOR_REFUSED_BIRTH_DATE } from '../../src/adapters/trust-service/simulator.js';
import { ManualClock } from '../../src/core/clock.js';
import { SHA256_OID, type TrustService } from '../../src/ports/trust-service.js';
import { startFakeCscServer, type FakeCscServer } from '../support/csc-server.js';

interface Fixture {
  trust: TrustService;
  /** A signer the service identifies, and one it refuses. */
  known: { name: string; birthDate: string };
  refused: { name: string; birthDate: string };
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Fixture>][] = [
  [
    'sandbox simulator',
    async () => ({
      trust: sandboxTrustService('contract-secret', new ManualClock(new Date())),
      known: { name: 'Sanne de Vries', birthDate: '1984-03-09' },
      refused: { name: 'Sanne de Vries', birthDate: SIMULATOR_REFUSED_BIRTH_DATE },
      close: async () => {},
    }),
  ],
  [
    'CSC v2 over HTTP (fake provider)',
    async () => {
      const csc: FakeCscServer = await startFakeCscServer();
      csc.people.add('Sanne de Vries|1984-03-09');
      return {
        trust: cscTrustService({ url: csc.url, token: csc.token, credentialId: csc.credentialId }),
        known: { name: 'Sanne de Vries', birthDate: '1984-03-09' },
        refused: { name: 'Somebody Else', birthDate: '1990-01-01' },
        close: () => csc.close(),
      };
    },
  ],
];

const document = Buffer.from('%PDF-1.7 the consignment note as shown');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

describe.each(adapters)('trust service contract: %s', (_name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(() => f.close());

  it('identifies a signer and signs the SHA-256 of a document so that it verifies under the credential\'s certificate', async () => {
    const identified = await f.trust.identify({ ...f.known, level: 'qes' });
    expect(identified.provider).toMatch(/\S/);
    expect(identified.reference).toMatch(/\S/);
    expect(identified.activationData).toMatch(/\S/);
    const { signatures } = await f.trust.signHash({
      credentialId: identified.credentialId,
      activationData: identified.activationData,
      hashes: [sha256(document).toString('base64')],
      hashAlgorithmOid: SHA256_OID,
      signAlgo: identified.signAlgo,
    });
    expect(signatures).toHaveLength(1);
    const publicKey = new X509Certificate(Buffer.from(identified.certificate, 'base64')).publicKey;
    expect(verify('sha256', document, publicKey, Buffer.from(signatures[0]!, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from('another document'), publicKey, Buffer.from(signatures[0]!, 'base64'))).toBe(false);
  });

  it('refuses a signer it cannot identify', async () => {
    await expect(f.trust.identify({ ...f.refused, level: 'ades' })).rejects.toThrow();
  });

  it('refuses activation data it did not issue, or issued for another credential', async () => {
    const identified = await f.trust.identify({ ...f.known, level: 'ades' });
    const request = { hashes: [sha256(document).toString('base64')], hashAlgorithmOid: SHA256_OID, signAlgo: identified.signAlgo };
    await expect(f.trust.signHash({ ...request, credentialId: identified.credentialId, activationData: `${identified.activationData}x` })).rejects.toThrow();
    await expect(f.trust.signHash({ ...request, credentialId: `${identified.credentialId}-other`, activationData: identified.activationData })).rejects.toThrow();
  });

  it('refuses a hash that is not a SHA-256', async () => {
    const identified = await f.trust.identify({ ...f.known, level: 'ades' });
    await expect(
      f.trust.signHash({ credentialId: identified.credentialId, activationData: identified.activationData, hashes: [Buffer.alloc(20).toString('base64')], hashAlgorithmOid: SHA256_OID, signAlgo: identified.signAlgo }),
    ).rejects.toThrow();
  });
});

describe('CSC v2 client against the provider', () => {
  let csc: FakeCscServer;
  beforeAll(async () => {
    csc = await startFakeCscServer();
    csc.people.add('Pieter Jansen|1979-11-30');
  });
  afterAll(() => csc.close());

  it('speaks CSC v2: info, credentials/authorize with the identity as authData, credentials/info, signatures/signHash, all with the bearer token', async () => {
    const trust = cscTrustService({ url: csc.url, token: csc.token, credentialId: csc.credentialId });
    const identified = await trust.identify({ name: 'Pieter Jansen', birthDate: '1979-11-30', level: 'qes' });
    expect(identified).toMatchObject({ provider: 'Fake QTSP', credentialId: csc.credentialId, signAlgo: '1.2.840.113549.1.1.1', certificate: csc.certificate });
    const hash = createHash('sha256').update('x').digest('base64');
    await trust.signHash({ credentialId: identified.credentialId, activationData: identified.activationData, hashes: [hash], hashAlgorithmOid: SHA256_OID, signAlgo: identified.signAlgo });
    expect(csc.calls.map((c) => c.method)).toEqual(['info', 'credentials/authorize', 'credentials/info', 'signatures/signHash']);
    expect(csc.calls.every((c) => c.authorization === `Bearer ${csc.token}`)).toBe(true);
    expect(csc.calls[1]!.body).toMatchObject({ credentialID: csc.credentialId, numSignatures: 1, authData: [{ id: 'signer_name', value: 'Pieter Jansen' }, { id: 'birth_date', value: '1979-11-30' }] });
    expect(csc.calls[3]!.body).toEqual({ credentialID: csc.credentialId, SAD: identified.activationData, hashes: [hash], hashAlgorithmOID: SHA256_OID, signAlgo: '1.2.840.113549.1.1.1', operationMode: 'S' });
    // The activation data was for one signature.
    await expect(trust.signHash({ credentialId: identified.credentialId, activationData: identified.activationData, hashes: [hash], hashAlgorithmOid: SHA256_OID, signAlgo: identified.signAlgo })).rejects.toThrow(/400 invalid_request: Invalid parameter SAD/);
  });

  it('rejects with the provider\'s error on a wrong token, and when nothing answers', async () => {
    const wrongToken = cscTrustService({ url: csc.url, token: 'not-the-token', credentialId: csc.credentialId });
    await expect(wrongToken.identify({ name: 'Pieter Jansen', birthDate: '1979-11-30', level: 'qes' })).rejects.toThrow(/401 invalid_token/);
    const nobody = cscTrustService({ url: 'http://127.0.0.1:9', token: csc.token, credentialId: csc.credentialId });
    await expect(nobody.identify({ name: 'Pieter Jansen', birthDate: '1979-11-30', level: 'qes' })).rejects.toThrow(/no answer/);
  });
});
