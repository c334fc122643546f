/** Wires Idempotency-Key into routes marked `idempotent` (rules in modules/idempotency/idempotent-request.ts). */
import type { FastifyInstance, onSendAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { appendRouteHook } from './route-hooks.js';
import { beginIdempotentRequest, checkIdempotencyKey, finishIdempotentRequest, requestFingerprint } from '../modules/idempotency/idempotent-request.js';

export const REPLAY_HEADER = 'idempotent-replayed';
/** Headers kept with the response and replayed; the rest (Request-Id, RateLimit-*) are per call. */
const KEPT_HEADERS = ['content-type', 'location'];

/** Adds the Idempotency-Key hooks to the routes marked `idempotent` only, as they are declared. */
export function registerIdempotency(app: FastifyInstance, runtime: AppRuntime): void {
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.principal) return;
    if (Array.isArray(key)) return checkIdempotencyKey('');
    checkIdempotencyKey(key);
    const tenantKey = { organizationId: request.principal.organizationId, mode: request.principal.mode, key };
    const replay = await beginIdempotentRequest(runtime.services, tenantKey, requestFingerprint(request.method, request.url, request.body));
    if (!replay) {
      request.idempotency = tenantKey;
      return;
    }
    reply.headers(replay.headers).header(REPLAY_HEADER, 'true').status(replay.status);
    // The kept bytes go out as they are: no re-serialisation, so the replay is byte for byte.
    reply.serializer((payload) => payload as string);
    return reply.send(replay.body);
  };

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const key = request.idempotency;
    if (!key) return payload;
    request.idempotency = undefined;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    await finishIdempotentRequest(runtime.services, key, { status: reply.statusCode, headers, body });
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!(route.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    appendRouteHook(route, 'preHandler', preHandler);
    appendRouteHook(route, 'onSend', onSend);
  });
}
