/**
 * Limits of the HTTP listeners (the API's and the eFTI platform's), so that no client can hold a
 * socket for long without sending a whole request (set from HTTP_* variables in src/config.ts, docs/deploy.md):
 * a slow request is answered 408 `request_timeout` by the client error handler
 * (src/http/framework-errors.ts) and its connection closed; an idle keep-alive connection is closed.
 *
 * Fastify takes `keepAliveTimeout`, `requestTimeout` and `connectionTimeout` itself and sets them
 * on the server after creating it; Node reads `headersTimeout` and `connectionsCheckingInterval`
 * only when the server is created, from the `http` (or `https`) options.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../core/errors.js';
import type { HttpLimits } from '../config-http.js';

export function nodeServerLimits(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
}

export function fastifyLimits(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    bodyLimit: limits.bodyLimitBytes,
  };
}

/**
 * A body declared longer than the route takes is refused at once, on every route and before the
 * credential is looked at: Fastify checks the declared length only where it reads a body itself,
 * so routes that never read one (GET, or a media type no parser takes) answered without a word
 * about the size. A body without a declared length is counted as it is read, by the parsers.
 */
export function registerDeclaredBodyLimit(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const declared = Number(request.headers['content-length']);
    if (declared > request.routeOptions.bodyLimit) done(new AppError('payload_too_large', `The request body is larger than this route accepts (${request.routeOptions.bodyLimit} bytes).`));
    else done();
  });
}
