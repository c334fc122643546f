/**
 * The JWS algorithm of the seal key: RS256 for the RSA key this service makes or is configured
 * with, ES256 for a P-256 key. Both the delegation evidence and the chain checkpoints sign with it.
 */
import { createPrivateKey } from 'node:crypto';

export type JwsAlgorithm = 'RS256' | 'ES256';

export function jwsAlgorithmOf(privateKeyPem: string): JwsAlgorithm {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`the seal key (${key.asymmetricKeyType ?? 'unknown'}) has no JWS algorithm here: use RSA or EC P-256`);
}
