/**
 * Sign routes are scoped by the link token in their path (service description, Authentication 8).
 * The token is the route's credential and is judged as an API key is: as the request arrives,
 * before its body is read or validated. So an unknown link is 404, a withdrawn, replaced or expired
 * one 410 and a used one 409 whatever the body holds (a malformed body on an expired link is 410,
 * not 422), and no body is parsed for a link that could not use it.
 */
import type { FastifyRequest } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { isAppError, type AppError } from '../core/errors.js';
import { openSignLink, type OpenSignLink } from '../modules/signatures/sign-link.js';

/** Which links a sign route takes: `pending` ones, or also used ones (the driver's handoff after signing). */
export type SignLinkRule = 'pending' | 'pending-or-used';

declare module 'fastify' {
  interface FastifyRequest {
    signLink?: OpenSignLink;
    /** A used link's refusal, held until Idempotency-Key has had its say (see signLinkAccess). */
    signLinkRefusal?: AppError;
  }
}

/** The onRequest hook of a route with `access.signLink`: opens the link or raises its token error. */
export function signLinkAccess(runtime: AppRuntime, rule: SignLinkRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const { token } = request.params as { token: string };
    try {
      request.signLink = await openSignLink(runtime.services, token, request.id, { allowUsed: rule === 'pending-or-used', signal: request.clientGone });
    } catch (error) {
      // The retry of a submit that used the link must get the kept answer, which Idempotency-Key
      // finds once the body is read (the fingerprint covers it): a keyed request on a used link
      // goes on, and the refusal is raised when the route asks for the link, if nothing replayed.
      if (isAppError(error) && error.code === 'already_signed' && request.headers['idempotency-key'] !== undefined) {
        request.signLinkRefusal = error;
        return;
      }
      throw error;
    }
  };
}

/** The link the route's access hook opened. */
export function signLinkOf(request: FastifyRequest): OpenSignLink {
  if (request.signLinkRefusal) throw request.signLinkRefusal;
  if (!request.signLink) throw new Error(`${request.routeOptions.url} declares no access.signLink`);
  return request.signLink;
}
