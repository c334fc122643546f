/**
 * The evidence signer follows the seal key's type: RS256 for the RSA key this service makes (the
 * route tests), ES256 for a configured P-256 key — whose raw r||s signature openssl must accept
 * once put in DER, as a verifier outside our code would do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceSigner } from '../../src/modules/federated/delegation-evidence.js';
import { opensslFolder, type MadeCertificate, type OpensslFolder } from '../support/openssl.js';

describe('delegation evidence with an EC P-256 seal key', () => {
  let ssl: OpensslFolder;
  let seal: MadeCertificate;
  beforeAll(() => {
    ssl = opensslFolder();
    seal = ssl.certificate('ec-seal');
  });
  afterAll(() => ssl.remove());

  it('is ES256 with the certificate in x5c, and openssl verifies it', async () => {
    const sign = await evidenceSigner('https://platform.example', { privateKeyPem: seal.keyPem, certificatePem: seal.certificatePem });
    const now = new Date('2026-11-25T12:00:00Z');
    const jws = await sign({
      delegationId: 'dlg_01JBZZZZZZZZZZZZZZZZZZZZZZ',
      shipmentId: 'shp_01JBZZZZZZZZZZZZZZZZZZZZZZ',
      mode: 'live',
      note: { version: 3, sha256: 'a'.repeat(64) },
      grantor: { organizationId: 'org_01JBZZZZZZZZZZZZZZZZZZZZZZ', role: 'consignor', keyId: 'key_01JBZZZZZZZZZZZZZZZZZZZZZZ' },
      grantee: { name: 'Other platform', platformId: 'other', thumbprint: 'x'.repeat(43) },
      scope: ['read'],
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const header = JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header.alg).toBe('ES256');
    expect(header.x5c).toHaveLength(1);
    expect(Buffer.from(jws.split('.')[2]!, 'base64url')).toHaveLength(64);
    expect(ssl.verifiesJws(jws)).toMatchObject({ verified: true });
    const [h, p, s] = jws.split('.');
    const flipped = Buffer.from(s!, 'base64url');
    flipped[10]! ^= 1;
    expect(ssl.verifiesJws(`${h}.${p}.${flipped.toString('base64url')}`).verified).toBe(false);
  });
});
