/**
 * What a route declares beyond its schemas: who may call it (checked by src/http/access.ts) and
 * how it honours Idempotency-Key. The route table is the only place these are set.
 */
import type { RouteOptions } from 'fastify';
import type { AccessRule } from '../modules/api-keys/authorize.js';
import type { Principal } from '../modules/api-keys/authenticate-api-key.js';
import type { ErrorCode } from '../core/errors.js';
import type { IdempotencyTenantKey } from '../modules/idempotency/idempotent-request.js';
import type { SignLinkRule } from './sign-link-access.js';
import type { PublicDoor } from './public-door-access.js';
import type { ConsolePermission } from '../modules/console-auth/member-permissions.js';

export interface RouteAccess extends AccessRule {
  /** Public routes (health, version, OpenAPI, docs) take no key. */
  public?: boolean;
  /** Sign routes: the link token in the path is judged before the body (src/http/sign-link-access.ts). */
  signLink?: SignLinkRule;
  /**
   * The public doors (validator, contact form): with `public`, a per-IP window and the bot check
   * before the body (src/http/public-door-access.ts).
   */
  door?: PublicDoor;
  /**
   * With `consoleOnly`: what the session's member role must be allowed (src/modules/console-auth/
   * member-permissions.ts), else 403 `forbidden`.
   */
  permission?: ConsolePermission;
  /**
   * With `consoleOnly`: a console web page (HTML) rather than a JSON call; without a session the
   * browser is sent to the sign-in page (303 to /console) instead of a 401 problem.
   */
  page?: boolean;
  /**
   * With `consoleOnly`: the route serves a session that has not passed the second factor yet (the
   * factor's own routes and page, the session, sign-out); every other console route refuses such a
   * session with 403 `two_factor_required` (src/modules/console-auth/two-factor/second-factor-gate.ts).
   */
  beforeSecondFactor?: boolean;
  /**
   * On a keyed route: a request without an Authorization header that carries the console session
   * cookie goes the console session way instead (src/http/console-access.ts), with this member
   * permission in place of the key's scope; tenantContext then serves the session's organisation.
   */
  console?: ConsolePermission;
  /**
   * With `public`: a driver route (docs/driver.md): the driver session's token, as a bearer token
   * or the `fds_driver` cookie, instead of an API key (src/http/driver-access.ts).
   */
  driver?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Every POST honours Idempotency-Key (src/http/idempotency.ts); `false` would opt one out,
     * `true` opt in a route of another method. `in-transaction`: the handler keeps the response in
     * the transaction of its change (keptResponse), so the two commit together.
     */
    idempotent?: boolean | 'in-transaction';
    /**
     * The use case validates the body itself (schema and business rules together, or a merged
     * document); Fastify parses it as JSON but does not check it against the documented schema.
     */
    bodyCheckedByHandler?: boolean;
    /**
     * The body may be left out: no body at all, or an empty one sent as application/json (as many
     * HTTP clients do on a bare POST), is read as `{}`. On other routes an empty JSON body stays
     * `malformed_json`.
     */
    optionalBody?: boolean;
    /**
     * What the body may be sent as, in words: the detail of the 415 `unsupported_media_type` for any
     * other Content-Type. Without it the route takes JSON and the detail says so.
     */
    accepts?: string;
    /**
     * The route answers while the process drains (health: a monitor must read that this process is
     * leaving); every other route answers 503 `service_unavailable` then.
     */
    servedWhileDraining?: boolean;
    /** Codes this route raises itself; the shared request path's codes are added by src/http/openapi.ts. */
    errors?: ErrorCode[];
  }
  interface FastifyRequest {
    principal?: Principal;
    idempotency?: IdempotencyTenantKey & { fingerprint: string; inTransaction: boolean; kept?: boolean };
  }
}

/** What Idempotency-Key can answer: a malformed key, a key reused with another request, one still running. */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['bad_request', 'idempotency_key_reused', 'idempotency_in_progress'];

/** Whether a route honours Idempotency-Key: every POST unless it says otherwise, any route that opts in. */
export function honoursIdempotencyKey(route: Pick<RouteOptions, 'method' | 'config'>): boolean {
  const declared = (route.config as { idempotent?: boolean | 'in-transaction' } | undefined)?.idempotent;
  return declared === undefined ? [route.method].flat().includes('POST') : declared !== false;
}

/** The codes the shared request path can answer on a keyed route (listed in every operation). */
export function keyedRouteErrors(access: RouteAccess, hasBody: boolean, idempotent: boolean): ErrorCode[] {
  const codes: ErrorCode[] = ['unauthorized', 'invalid_api_key'];
  // Console routes: an API key is refused before any scope or mode is looked at.
  if (access.consoleOnly) {
    codes.push('forbidden');
    if (!access.beforeSecondFactor) codes.push('two_factor_required');
  } else {
    if (access.scope) codes.push('insufficient_scope');
    // The session path: a role without the permission, or a session that has not passed the second factor.
    if (access.console) codes.push('forbidden', 'two_factor_required');
    if (!access.allowUnclearedLive) codes.push('live_not_enabled');
    if (access.testOnly) codes.push('test_mode_only');
  }
  if (hasBody) codes.push('malformed_json', 'unsupported_media_type', 'payload_too_large', 'validation_failed');
  if (idempotent) codes.push(...IDEMPOTENCY_ERRORS);
  codes.push('rate_limited', 'internal_error', 'service_unavailable');
  return codes;
}
