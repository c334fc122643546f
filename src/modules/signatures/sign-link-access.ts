/**
 * Sign routes are scoped by the link token in their path (service description, Authentication 8).
 * The token is the route's credential and is judged as an API key is: as the request arrives,
 * before its body is read or validated. So an unknown link is 404, a withdrawn, replaced or expired
 * one 410 and a used one 409 whatever the body holds (a malformed body on an expired link is 410,
 * not 422), and no body is parsed for a link that could not use it.
 *
 * Except for a request whose Idempotency-Key this link has on record: its key is looked up before
 * any refusal, and then Idempotency-Key answers (src/http/idempotency.ts, refusalUnlessKept) — the first answer of the
 * same request (the submit that used the link, retried), `idempotency_key_reused` for another.
 */
import type { FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { isAppError } from '../../core/errors.js';
import { idempotencyKeyOnRecord, signLinkKeyOwner } from '../idempotency/idempotent-request.js';
import { openSignLink, type OpenSignLink } from './sign-link.js';
import type { Credential } from '../../http/credential.js';

/** Which links a sign route takes: `pending` ones, or also used ones (the driver's handoff after signing). */
export type SignLinkRule = 'pending' | 'pending-or-used';

declare module '../../http/route-config.js' {
  interface RouteAccess {
    /** Sign routes: the link token in the path is judged before the body. */
    signLink?: SignLinkRule;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    signLink?: OpenSignLink;
  }
}

/** The onRequest hook of a route with `access.signLink`: opens the link or raises its token error. */
function openLinkOf(runtime: AppRuntime, rule: SignLinkRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const { token } = request.params as { token: string };
    try {
      request.signLink = await openSignLink(runtime.services, token, request.id, { allowUsed: rule === 'pending-or-used', signal: request.clientGone });
    } catch (error) {
      const key = request.headers['idempotency-key'];
      if (isAppError(error) && typeof key === 'string' && (await idempotencyKeyOnRecord(runtime.services, signLinkKeyOwner(token, key)))) {
        request.refusalUnlessKept = error;
        return;
      }
      throw error;
    }
  };
}

/**
 * The sign link as a credential (src/http/credential.ts). On a keyless route with the token in its
 * path, Idempotency-Keys are the link's (its token's hash, never the token): the last owner asked.
 */
export function signLinkAccess(runtime: AppRuntime): Credential {
  return {
    accessHook: (access) => (access.signLink ? openLinkOf(runtime, access.signLink) : undefined),
    ownsKeysOf: (_access, url) => url.includes(':token'),
    keyOwner: (request, key) => signLinkKeyOwner((request.params as { token: string }).token, key),
  };
}

/** The link the route's access hook opened. */
export function signLinkOf(request: FastifyRequest): OpenSignLink {
  if (request.refusalUnlessKept) throw request.refusalUnlessKept;
  if (!request.signLink) throw new Error(`${request.routeOptions.url} declares no access.signLink`);
  return request.signLink;
}
