/**
 * What a route asks of a key, checked in the order of the service description's Authentication
 * list: (401s are settled by authentication) then `forbidden` and `insufficient_scope`, then
 * `live_not_enabled`, then `test_mode_only`.
 */
import { AppError } from '../../core/errors.js';
import type { Scope } from '../../core/scopes.js';
import type { Principal } from './authenticate-api-key.js';

export interface AccessRule {
  /** The scope the route requires; none for routes any valid key may call (whoami). */
  scope?: Scope;
  /** Console-only routes (members, organisation settings): API keys are always `forbidden`. */
  consoleOnly?: boolean;
  /** Sandbox helpers: live keys get `test_mode_only`. */
  testOnly?: boolean;
  /** Lets live keys of uncleared organisations through (whoami reports the clearance instead). */
  allowUnclearedLive?: boolean;
}

export function authorize(principal: Principal, rule: AccessRule): void {
  if (rule.consoleOnly) throw new AppError('forbidden', 'This route is for console sessions; API keys may not use it.');
  if (rule.scope && !principal.scopes.has(rule.scope)) {
    throw new AppError('insufficient_scope', `This route needs the scope ${rule.scope}; the key does not have it.`);
  }
  if (principal.mode === 'live' && !principal.liveEnabled && !rule.allowUnclearedLive) {
    throw new AppError('live_not_enabled', 'The organisation is not cleared for live mode yet; use a sk_test_ key.');
  }
  if (rule.testOnly && principal.mode === 'live') throw new AppError('test_mode_only', 'This route exists only in the sandbox; use a sk_test_ key.');
}
