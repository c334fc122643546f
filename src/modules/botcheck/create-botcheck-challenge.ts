/**
 * A new challenge for `GET /v1/public/botcheck`: random salt and nonce, an expiry, signed with the
 * service's own bot-check secret so that only challenges the service issued verify. Nothing is
 * stored: the signature is the proof of issue, and spent tokens are remembered only until they
 * expire (verify-botcheck-token.ts).
 */
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from '../../core/clock.js';
import { BOTCHECK_ALGORITHM, BOTCHECK_KEY_PREFIX, type BotcheckPolicy } from './botcheck-policy.js';

export async function createBotcheckChallenge(services: { clock: Clock; secrets: { botcheck: string } }, policy: BotcheckPolicy): Promise<Challenge> {
  const expiresAt = Math.floor(services.clock.now().getTime() / 1000) + policy.ttlS;
  return createChallenge({
    algorithm: BOTCHECK_ALGORITHM,
    cost: policy.cost,
    keyPrefix: BOTCHECK_KEY_PREFIX,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: services.secrets.botcheck,
  });
}
