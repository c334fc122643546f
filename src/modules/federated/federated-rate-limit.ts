/**
 * The federated read's budget: FEDERATED_REQUESTS per FEDERATED_WINDOW_S per caller, counted in the
 * key-value store (across processes) before any database read, as the inspection link's is.
 *
 * The caller is the client certificate when one is presented — the credential, as an API key is on
 * the API, so one grantee behind a shared address does not spend another's budget — else the
 * address. Minting certificates to dodge the limit earns only `unauthorized` answers that name
 * nothing, each two indexed lookups. A refusal is not a view in the inspection log: it is judged
 * before the delegation is looked up, and logging each one would let a caller write rows without limit.
 */
import { AppError } from '../../core/errors.js';
import { rateLimiterOf } from '../../core/rate-limiters.js';
import type { KeyValue, RateLimitDecision } from '../../ports/keyvalue.js';

export const FEDERATED_REQUESTS = 60;
export const FEDERATED_WINDOW_S = 60;

const limiterOf = (kv: KeyValue) => rateLimiterOf(kv, { keyPrefix: 'rl:federated', points: FEDERATED_REQUESTS, durationS: FEDERATED_WINDOW_S });

/** Raises `rate_limited` (with Retry-After) over budget, `service_unavailable` when the store does not answer. */
export async function spendFederatedBudget(kv: KeyValue, caller: { thumbprint: string | null; ip: string }): Promise<void> {
  let decision: RateLimitDecision;
  try {
    decision = await limiterOf(kv).consume(caller.thumbprint ? `cert:${caller.thumbprint}` : `ip:${caller.ip}`);
  } catch (error) {
    throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
  }
  if (decision.allowed) return;
  const retryAfterS = Math.max(1, Math.ceil(decision.resetMs / 1000));
  const who = caller.thumbprint ? 'this client certificate' : 'this address';
  throw new AppError('rate_limited', `Over ${FEDERATED_REQUESTS} federated requests per ${FEDERATED_WINDOW_S} s from ${who}; retry after ${retryAfterS} s.`, { headers: { 'retry-after': String(retryAfterS) } });
}
