/**
 * `request.clientGone`: an AbortSignal that aborts when the client closed its connection before
 * the answer was sent in full, so a use case can drop work nobody waits for any more (a render
 * still in the queue: src/adapters/pdf-renderer/worker-pool.ts). Use cases get it as a plain
 * AbortSignal in their context (TenantContext.signal), never the request.
 *
 * Not Fastify's `request.signal`: that follows the request stream, which closes as soon as the
 * body has been read, long before the answer; the response's `close` before it finished is what
 * says the client went away.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    clientGone?: AbortSignal;
  }
}

export function registerClientGone(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    request.clientGone = controller.signal;
    done();
  });
}
