/**
 * A checkpoint and its seal (docs/audit-log.md, Checkpoints). A checkpoint records the heads of an
 * organisation's chains in one mode at one time; `signature` is a detached JWS (RFC 7515 Appendix F,
 * compact form with an empty payload part) by the service's seal key over the canonical JSON of
 * every other field:
 *
 *   signature = BASE64URL(header) ".." BASE64URL(sig)
 *   sig       = RS256 or ES256 over  BASE64URL(header) "." BASE64URL(canonical JSON of the rest)
 *
 * with header {alg, kid, typ}: `kid` is the SHA-256 (hex) of the seal certificate's DER, as the
 * export's manifest pins it. A field added, removed or changed, or a signature by another key,
 * fails verification: a checkpoint cannot be forged without the service's private key.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { canonicalJson } from '../../core/canonical-json.js';
import { jwsAlgorithmOf, type JwsAlgorithm } from '../../core/key-material/jws-algorithm.js';
import type { SealingKeyPem } from '../../core/key-material/sealing-key.js';
import type { Checkpoint, CheckpointContent } from './checkpoints.tables.js';

export type { ChainHeadRecord, Checkpoint, CheckpointContent } from './checkpoints.tables.js';

export const CHECKPOINT_TYPE = 'checkpoint+jws';

/** The public half of the checkpoint key, as published (`GET /v1/audit-log/checkpoints/key`). */
export interface CheckpointVerifier {
  alg: JwsAlgorithm;
  kid: string;
  publicKey: KeyObject;
  certificatePem: string;
}

export interface CheckpointSigner extends CheckpointVerifier {
  sign(content: CheckpointContent): Promise<Checkpoint>;
}

const signers = new Map<string, Promise<CheckpointSigner>>();

const signingInput = (header: string, content: object) => `${header}.${Buffer.from(canonicalJson(content)).toString('base64url')}`;

/** The signer over the seal key, imported once per key. */
export function checkpointSigner(pem: SealingKeyPem): Promise<CheckpointSigner> {
  let signer = signers.get(pem.privateKeyPem);
  if (!signer) {
    signer = makeSigner(pem);
    signers.set(pem.privateKeyPem, signer);
  }
  return signer;
}

/** Node's sign with a callback: the hashing and the private-key operation run on libuv's threads, not the event loop. */
const signOffThread = promisify(sign);

async function makeSigner(pem: SealingKeyPem): Promise<CheckpointSigner> {
  const alg = jwsAlgorithmOf(pem.privateKeyPem);
  const privateKey = createPrivateKey(pem.privateKeyPem);
  const certificate = new X509Certificate(pem.certificatePem);
  const kid = createHash('sha256').update(certificate.raw).digest('hex');
  const header = Buffer.from(JSON.stringify({ alg, kid, typ: CHECKPOINT_TYPE })).toString('base64url');
  return {
    alg,
    kid,
    publicKey: createPublicKey(pem.privateKeyPem),
    certificatePem: certificate.toString(),
    // A checkpoint of tens of thousands of heads is megabytes to hash: RS256 and ES256 by node:crypto
    // directly (PKCS #1 v1.5 for RSA, r‖s for ECDSA, as RFC 7518 has them), off the event loop.
    async sign(content) {
      const signature = await signOffThread('sha256', Buffer.from(signingInput(header, content)), { key: privateKey, dsaEncoding: 'ieee-p1363' });
      return { ...content, signature: `${header}..${signature.toString('base64url')}` };
    },
  };
}

/** Why `checkpoint` does not verify with `key`, or null when it does. */
export function checkpointSignatureProblem(checkpoint: Checkpoint, key: CheckpointVerifier): string | null {
  const { signature, ...content } = checkpoint;
  const parts = typeof signature === 'string' ? signature.split('.') : [];
  if (parts.length !== 3 || parts[1] !== '') return 'its signature is not a detached JWS';
  let header: { alg?: unknown; kid?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as typeof header;
  } catch {
    return 'its signature header is not JSON';
  }
  if (header.alg !== key.alg || header.kid !== key.kid) return `it is not signed by the service's checkpoint key (kid ${key.kid})`;
  let valid = false;
  try {
    valid = verify('sha256', Buffer.from(signingInput(parts[0]!, content)), { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2]!, 'base64url'));
  } catch {
    // A signature of the wrong length for the key: not a signature by it.
  }
  return valid ? null : 'its signature does not verify with the service\'s key';
}
