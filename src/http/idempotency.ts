/**
 * Wires Idempotency-Key into every POST (rules in modules/idempotency/idempotent-request.ts), so a
 * client that timed out can retry any of them and get the first answer, not a second run's
 * (an `invalid_transition` for an issue that did happen) — also after the process died between
 * the act's commit and its answer.
 *
 * Keys are scoped by whoever may call the route: the API key's organisation and mode, or on the
 * keyless sign routes the sign link of the path (its token's hash, never the token), on driver
 * routes the driver's phone (hashed). A keyless
 * POST without a sign token has no scope: declaring one is refused at start.
 *
 * Two ways, by route (README, Idempotency, lists them for users):
 *
 * - `idempotent: 'in-transaction'`: every act whose change is one transaction — POST /v1/shipments,
 *   …/issue, …/cancel, …/signatures, …/remarks; /v1/sign/{token}/submit, …/remarks, …/handoff;
 *   /v1/driver/shipments/{id}/signatures and …/handoffs; /v1/tours/{id}/cancel and
 *   …/stops/{position}/complete; /v1/shipment-templates. No claim: the handler keeps the response
 *   in the transaction of its change (`keptResponse`, whose `alsoWrite` the use case hands to
 *   `withTransaction` or `writeAsOneStatement` without knowing what it keeps), so the change and
 *   its answer commit together. A crash after the commit leaves the answer for the retry, one
 *   before it leaves nothing; there is no in-progress mark to outlive its process. The key is
 *   looked up only when the write collides with it or the act is refused (a retry's second run).
 * - the default, claim before and keep after: every other POST — those whose work is not one
 *   transaction (a call to another system while they run: webhook test pings, provider handovers;
 *   an export started; photos uploaded, then a remark) and those not moved yet. The claim's lock
 *   is short and renewed by the process while the request runs (running-keys.ts), so the
 *   in-progress mark ends with its process: a retry after a kill waits seconds, not a minute.
 *
 * A sign link that refuses a request looks its key up first (src/modules/signatures/sign-link-access.ts):
 * a key it has on record answers here, so a submit retried after it spent its link replays.
 * Whose key it is, and which keyless routes have an owner for keys, the credentials say
 * (src/http/credential.ts); the kept keys are the idempotency module's, through src/ports/idempotency-store.ts.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseAsyncHookHandler, onSendAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppRuntime } from '../app-runtime.js';
import { isAppError, type AppError } from '../core/errors.js';
import type { Database, Write } from '../ports/database.js';
import type { IdempotencyStore, IdempotencyTenantKey, StoredResponse } from '../ports/idempotency-store.js';
import type { Credential } from './credential.js';
import { appendRouteHook } from './route-hooks.js';
import { honoursIdempotencyKey, type RouteAccess } from './route-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The kept keys, for keptResponse (set by registerIdempotency). */
    idempotencyStore: IdempotencyStore;
  }
  interface FastifyRequest {
    idempotency?: IdempotencyTenantKey & { fingerprint: string; inTransaction: boolean; kept?: boolean };
    /**
     * A credential's refusal of a request whose Idempotency-Key it has on record (a spent sign
     * link): the key answers here, else this refusal is raised.
     */
    refusalUnlessKept?: AppError;
  }
}

export const REPLAY_HEADER = 'idempotent-replayed';
/** Headers kept with the response and replayed; the rest (Request-Id, RateLimit-*) are per call. */
const KEPT_HEADERS = ['content-type', 'location'];

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** Sends kept bytes as they are: no re-serialisation, so a replay is byte for byte. */
function sendVerbatim(reply: FastifyReply, body: string): FastifyReply {
  reply.serializer((payload) => payload as string);
  return reply.send(body);
}

function sendReplay(reply: FastifyReply, replay: StoredResponse): FastifyReply {
  reply.headers(replay.headers).header(REPLAY_HEADER, 'true').status(replay.status);
  return sendVerbatim(reply, replay.body);
}

/** The header as every honouring operation documents it; its shape is checked by the store's checkKey. */
function idempotencyKeyHeader(store: IdempotencyStore) {
  return Type.String({
    pattern: store.keyPattern,
    description:
      'Makes a retry of this request safe: the first answer below 500 is kept 24 hours and sent again, with `Idempotent-Replayed: true`, to the same request with the same key. ' +
      'The same key with another request is 409 `idempotency_key_reused`; while the first still runs, 409 `idempotency_in_progress`. 1-255 printable ASCII characters (else 400 `bad_request`).',
  });
}

/**
 * Whose key it is: the first credential of the request that names an owner (app.ts orders them:
 * the API key's tenant; on a driver route the driver's phone, hashed, so a queued action sent again
 * after a new sign-in still finds its first answer; else the sign link of the path).
 */
function keyOwner(credentials: readonly Credential[], request: FastifyRequest, key: string): IdempotencyTenantKey {
  for (const credential of credentials) {
    const owner = credential.keyOwner?.(request, key);
    if (owner) return owner;
  }
  throw new Error(`${request.routeOptions.url ?? ''}: no credential owns its Idempotency-Key`);
}

/** Adds the Idempotency-Key hooks and the documented header to every POST, as routes are declared. */
export function registerIdempotency(app: FastifyInstance, credentials: readonly Credential[], store: IdempotencyStore): void {
  app.decorate('idempotencyStore', store);
  const header = idempotencyKeyHeader(store);
  const running = store.running((error) => app.log.warn({ err: error }, 'Idempotency-Key lock renewal failed'));
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (Array.isArray(key)) return store.checkKey('');
    store.checkKey(key);
    const tenantKey = keyOwner(credentials, request, key);
    const fingerprint = store.fingerprint(request.method, request.url, request.body);
    // The sign link refused the request but has its key on record (src/modules/signatures/sign-link-access.ts):
    // the key answers — the first answer, or another request's key — else the refusal stands.
    if (request.refusalUnlessKept) {
      const kept = await store.lookUp(tenantKey, fingerprint);
      if (kept) return sendReplay(reply, kept);
      throw request.refusalUnlessKept;
    }
    // An `in-transaction` route looks the key up only when its write collides or it refuses the
    // request (keptResponse): a new key, the common case, costs no extra round trip.
    const inTransaction = request.routeOptions.config.idempotent === 'in-transaction';
    const replay = inTransaction ? undefined : await store.begin(tenantKey, fingerprint);
    if (!replay) {
      request.idempotency = { ...tenantKey, fingerprint, inTransaction };
      if (!inTransaction) running.started(tenantKey, fingerprint);
      return;
    }
    return sendReplay(reply, replay);
  };

  const onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    const key = request.idempotency;
    if (!key || key.kept) return payload;
    request.idempotency = undefined;
    running.finished(key);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const response: StoredResponse = { status: reply.statusCode, headers: keptHeaders(reply), body };
    if (key.inTransaction) await store.keepFinished(key, key.fingerprint, response);
    else await store.finish(key, response);
    return payload;
  };

  // A request that ended without its answer going through onSend (the client went away): its
  // claim is no longer renewed, so a retry takes the key over once its lock lapses.
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    if (request.idempotency && !request.idempotency.inTransaction) running.finished(request.idempotency);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!honoursIdempotencyKey(route)) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!credentials.some((credential) => credential.ownsKeysOf?.(access, route.url))) {
      throw new Error(`${route.url}: a keyless POST needs a scope for Idempotency-Key (a sign token in the path) or idempotent: false`);
    }
    const schema = (route.schema ??= {}) as { headers?: unknown };
    if (schema.headers) throw new Error(`${route.url}: declare Idempotency-Key in src/http/idempotency.ts, which adds it to every POST`);
    schema.headers = Type.Object({ 'Idempotency-Key': Type.Optional(header) });
    appendRouteHook(route, 'preHandler', preHandler);
    appendRouteHook(route, 'onSend', onSend);
    appendRouteHook(route, 'onResponse', onResponse);
  });
}

/** For keptResponse: an answer with no headers of its own (no Location). */
export const noHeaders = (): Record<string, string> => ({});

export interface KeptResponse<T> {
  /** The write that keeps the response, for the use case to commit with its change; absent without a key. */
  alsoWrite?: (db: Database, result: T) => Write[];
  /** Runs the use case and sends its result (the very bytes kept), or the replay the key holds. */
  send(run: () => Promise<T>): Promise<FastifyReply>;
}

/**
 * The response of an `in-transaction` route: status and headers from the result, the body
 * serialised by the route's response schema before the change commits and kept with it.
 *
 * The key is looked up only when needed: when the write collides with a record of the key (a
 * retry, or a concurrent twin that committed first) or when the use case refuses the request.
 * Then a kept response of the same request is replayed, another request's key is
 * `idempotency_key_reused`, and one still running is `idempotency_in_progress`.
 */
export function keptResponse<T>(runtime: Pick<AppRuntime, 'services'>, request: FastifyRequest, reply: FastifyReply, status: number, headersOf: (result: T) => Record<string, string>): KeptResponse<T> {
  const key = request.idempotency?.inTransaction ? request.idempotency : undefined;
  const store = request.server.idempotencyStore;
  let kept: string | undefined;
  const prepare = (result: T) => reply.status(status).headers(headersOf(result));
  const response: KeptResponse<T> = {
    alsoWrite: key
      ? (db, result) => {
          prepare(result).type('application/json; charset=utf-8');
          kept = String(reply.serialize(result));
          key.kept = true;
          return [store.keepWrite(db, key, key.fingerprint, { status, headers: keptHeaders(reply), body: kept }, runtime.services.clock.now())];
        }
      : undefined,
    async send(run) {
      try {
        const result = await run();
        return kept !== undefined ? sendVerbatim(prepare(result), kept) : prepare(result).send(result);
      } catch (error) {
        if (!key) throw error;
        key.kept = false;
        kept = undefined;
        const collided = store.isKeyCollision(error);
        if (!collided && !(isAppError(error) && error.status < 500)) throw error;
        const replay = await store.lookUp(key, key.fingerprint);
        if (replay) {
          key.kept = true;
          return sendReplay(reply, replay);
        }
        // The collision was with an expired record, now removed: run once more.
        if (collided) return response.send(run);
        throw error;
      }
    },
  };
  return response;
}
