/**
 * RSASSA-PKCS1-v1_5 over a hash computed elsewhere, as a remote signing service does it: the
 * SHA-256 DigestInfo is padded and encrypted with the private key. The value verifies like any
 * `sha256WithRSAEncryption` signature of the original data (`crypto.verify('sha256', …)`).
 */
import { constants, privateEncrypt, type KeyObject } from 'node:crypto';

/** rsaEncryption: with the hash algorithm named apart (CSC `hashAlgorithmOID`). */
export const RSA_SIGN_ALGO = '1.2.840.113549.1.1.1';

// DER of DigestInfo { AlgorithmIdentifier sha256, NULL }, OCTET STRING of 32 bytes follows.
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export function signSha256Digest(privateKey: KeyObject, digest: Buffer): Buffer {
  if (digest.length !== 32) throw new Error(`a SHA-256 hash is 32 bytes, not ${digest.length}`);
  return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO_PREFIX, digest]));
}
