/**
 * The evidence of a delegation: a JWT (compact JWS) signed by the platform seal key, the key that
 * seals every PDF (PAdES), with the seal certificate in `x5c`, so anyone holding the evidence can
 * check it offline (`openssl dgst -verify`, docs/federated-access.md) without calling us. It binds
 * the grant to the grantee's certificate as RFC 8705 binds a token (`cnf.x5t#S256`) and to the
 * exact note version granted (version and its PDF's SHA-256).
 *
 * The algorithm follows the key: RS256 for the RSA seal key this service makes or is configured
 * with, ES256 for a P-256 key. `typ` says what the token is (RFC 8725 §3.11), so it cannot pass
 * for another kind of JWT.
 */
import { X509Certificate } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { jwsAlgorithmOf } from '../../core/key-material/jws-algorithm.js';
import type { SealingKeyPem } from '../../core/key-material/sealing-key.js';

export const EVIDENCE_TYPE = 'delegation+jwt';

export interface DelegationClaims {
  delegationId: string;
  shipmentId: string;
  mode: string;
  note: { version: number; sha256: string };
  grantor: { organizationId: string; role: string; keyId: string };
  grantee: { name: string; platformId: string; thumbprint: string };
  scope: readonly string[];
  issuedAt: Date;
  expiresAt: Date;
}

export type EvidenceSigner = (claims: DelegationClaims) => Promise<string>;

/** `x5c`: the seal certificate and any chain configured after it, standard base64 DER (RFC 7515 §4.1.6). */
function certificateChain(certificatePem: string): string[] {
  const blocks = certificatePem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block).raw.toString('base64'));
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A signer over the seal key (imported here once); load the key before any transaction that signs. */
export async function evidenceSigner(issuer: string, pem: SealingKeyPem): Promise<EvidenceSigner> {
  const alg = jwsAlgorithmOf(pem.privateKeyPem);
  const key = await importPKCS8(pem.privateKeyPem, alg);
  const x5c = certificateChain(pem.certificatePem);
  return async (c) =>
    new SignJWT({
      mode: c.mode,
      note: c.note,
      grantor: { organization_id: c.grantor.organizationId, role: c.grantor.role, key_id: c.grantor.keyId },
      grantee: { name: c.grantee.name, platform_id: c.grantee.platformId },
      cnf: { 'x5t#S256': c.grantee.thumbprint },
      // OAuth's form (RFC 8693 §4.2): space-separated.
      scope: c.scope.join(' '),
    })
      .setProtectedHeader({ alg, typ: EVIDENCE_TYPE, x5c })
      .setIssuer(issuer)
      .setJti(c.delegationId)
      .setSubject(c.shipmentId)
      .setIssuedAt(seconds(c.issuedAt))
      .setExpirationTime(seconds(c.expiresAt))
      .sign(key);
}
