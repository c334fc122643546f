/**
 * Checks the `Botcheck-Token` header of a public-door request: a challenge this service issued
 * (its HMAC signature), not expired (by the service's clock), solved (the derived key has the
 * prefix; PBKDF2 runs on libuv's thread pool, not the event loop), and not spent before — each
 * token passes once: its signature is remembered in the key-value store until the challenge expires.
 * Every failure is the same 403 `botcheck_failed`, its detail saying which case it was.
 */
import { createHash } from 'node:crypto';
import { verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { KeyValue } from '../../ports/keyvalue.js';
import { BOTCHECK_ALGORITHM, type BotcheckPolicy } from './botcheck-policy.js';

/** Far more than the widget's payload (~600 bytes); a longer header is not worth decoding. */
const MAX_TOKEN_LENGTH = 4096;

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function refuse(detail: string): AppError {
  return new AppError('botcheck_failed', `${detail} Fetch a new challenge from GET /v1/public/botcheck, solve it and send the result in the Botcheck-Token header.`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The widget's payload: base64 of `{"challenge": {"parameters", "signature"}, "solution": {"counter", "derivedKey"}}`. */
function parseToken(token: string): Payload | undefined {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9+/=_-]+$/.test(token)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution)) return undefined;
  const { parameters, signature } = decoded.challenge;
  const { counter, derivedKey } = decoded.solution;
  if (!isRecord(parameters) || typeof signature !== 'string') return undefined;
  if (parameters.algorithm !== BOTCHECK_ALGORITHM || typeof parameters.salt !== 'string' || typeof parameters.nonce !== 'string') return undefined;
  if (typeof parameters.cost !== 'number' || typeof parameters.keyLength !== 'number' || typeof parameters.keyPrefix !== 'string' || typeof parameters.expiresAt !== 'number') return undefined;
  if (!Number.isSafeInteger(counter) || (counter as number) < 0 || typeof derivedKey !== 'string') return undefined;
  return decoded as unknown as Payload;
}

export async function verifyBotcheckToken(
  services: { clock: Clock; kv: KeyValue; secrets: { botcheck: string } },
  policy: BotcheckPolicy,
  token: string | undefined,
): Promise<void> {
  if (!token) throw refuse('The Botcheck-Token header is missing.');
  const payload = parseToken(token.trim());
  if (!payload) throw refuse('The Botcheck-Token header is not a solved challenge of this service.');
  const now = services.clock.now().getTime();
  const expiresAtMs = payload.challenge.parameters.expiresAt! * 1000;
  if (expiresAtMs <= now) throw refuse('The bot-check challenge has expired.');
  // A challenge signed for a longer life than this service gives is not one it issued.
  if (expiresAtMs > now + policy.ttlS * 1000 + 60_000) throw refuse('The Botcheck-Token header is not a solved challenge of this service.');
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: services.secrets.botcheck });
  } catch {
    throw refuse('The Botcheck-Token header is not a solved challenge of this service.');
  }
  if (result.invalidSignature) throw refuse('The Botcheck-Token header is not a solved challenge of this service.');
  if (result.expired) throw refuse('The bot-check challenge has expired.');
  if (!result.verified) throw refuse('The bot-check challenge is not solved.');
  // Spent once: the first request to store the signature wins; it is forgotten when the challenge
  // expires, after which the token would be refused as expired anyway.
  const spentKey = `botcheck:spent:${createHash('sha256').update(payload.challenge.signature!).digest('base64url')}`;
  const first = await services.kv.set(spentKey, '1', { ttlMs: Math.max(1000, expiresAtMs - now + 1000), onlyIfAbsent: true });
  if (!first) throw refuse('This bot-check token was used already; each token passes once.');
}
