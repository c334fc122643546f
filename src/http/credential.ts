/**
 * One way a request proves who sends it: an API key, a console session, a driver session, a sign
 * link, a public door's bot check. The kit knows none of them: each is an HTTP-layer file of its
 * module (`*-access.ts`) that adds its fields to RouteAccess (declaration merging on
 * src/http/route-config.ts) and hands the kit this object; src/app.ts lists them. The access hooks
 * (access.ts), the OpenAPI document (openapi.ts) and Idempotency-Key (idempotency.ts) ask the list
 * in its order, never a module: a route's hooks run in it, its first security requirement is
 * documented, its first owner of a key owns it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../core/errors.js';
import type { IdempotencyTenantKey } from '../ports/idempotency-store.js';
import type { RouteAccess } from './route-config.js';

export type AccessHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** An OpenAPI security requirement: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

export interface Credential {
  /** The onRequest hook of a route this credential guards, else undefined. */
  accessHook?(access: RouteAccess): AccessHook | undefined;
  /** What its check can answer on the route (listed in the operation before the shared codes). */
  errors?(access: RouteAccess): readonly ErrorCode[];
  /** The operation's security requirements, when this credential admits the route. */
  security?(access: RouteAccess): SecurityRequirement[] | undefined;
  /** The OpenAPI security schemes it names. */
  securitySchemes?: Record<string, unknown>;
  /** Whether it gives the Idempotency-Keys of the route an owner (a keyless POST needs one). */
  ownsKeysOf?(access: RouteAccess | undefined, url: string): boolean;
  /** Whose Idempotency-Key the request's is, when the request came with this credential. */
  keyOwner?(request: FastifyRequest, key: string): IdempotencyTenantKey | undefined;
}
