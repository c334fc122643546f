/**
 * What a route declares beyond its schemas: who may call it and how it honours Idempotency-Key.
 * The route table is the only place these are set. Who may call it is RouteAccess: the kit knows
 * only `public`; each credential adds its own fields where it lives (declaration merging, in its
 * module's `*-access.ts`: the API key's scope and modes in src/modules/api-keys/api-key-access.ts,
 * the console session's permission in src/modules/console-auth/console-access.ts, `signLink`,
 * `door`, `driver`), and checks them (src/http/credential.ts).
 */
import type { RouteOptions } from 'fastify';
import type { ErrorCode } from '../core/errors.js';

export interface RouteAccess {
  /** Public routes (health, version, OpenAPI, docs) take no key. */
  public?: boolean;
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
}

/** What Idempotency-Key can answer: a malformed key, a key reused with another request, one still running. */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['bad_request', 'idempotency_key_reused', 'idempotency_in_progress'];

/** Whether a route honours Idempotency-Key: every POST unless it says otherwise, any route that opts in. */
export function honoursIdempotencyKey(route: Pick<RouteOptions, 'method' | 'config'>): boolean {
  const declared = (route.config as { idempotent?: boolean | 'in-transaction' } | undefined)?.idempotent;
  return declared === undefined ? [route.method].flat().includes('POST') : declared !== false;
}
