/**
 * Routes a grantee platform calls on the mutual-TLS platform listener (EFTI_PLATFORM_PORT; the
 * listener itself is the gate work's). The listener asks every client for a certificate but lets
 * the handshake finish without one (`rejectUnauthorized: false`): the gate is judged by its CA,
 * a grantee by the thumbprint its delegation names, so this plugin decides, and answers
 * problem+json in its own scope whatever the listener's other routes answer (the gate's are XML).
 */
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError } from '../../core/errors.js';
import { sendProblem, toAppError } from '../../http/problem.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { FEDERATED_PATHS } from './federated-paths.js';
import { spendFederatedBudget } from './federated-rate-limit.js';
import { certificateThumbprint } from './grantee-certificate.js';
import { NO_CERTIFICATE, readFederatedNote } from './read-federated-note.js';

export { FEDERATED_PATHS };

/** The SHA-256 thumbprint of the certificate the client presented in this connection's handshake, if any. */
function presentedThumbprint(request: FastifyRequest): string | null {
  const socket = request.raw.socket as Partial<TLSSocket>;
  const certificate = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
  return certificate?.raw ? certificateThumbprint(certificate.raw) : null;
}

export async function federatedRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.status >= 500) request.log.error({ err: appError.cause ?? error, code: appError.code }, 'federated request failed');
      return sendProblem(request, reply, appError, runtime.config.docsUrl);
    });

    scope.get<{ Params: { id: string } }>(
      FEDERATED_PATHS.note,
      {
        // No API key here: the client certificate is the credential.
        config: { access: { public: true }, errors: ['invalid_id', 'unauthorized', 'not_found', 'token_revoked', 'token_expired', 'rate_limited', 'service_unavailable'] },
        schema: { params: ShipmentParamsSchema },
        // The budget first, before any database read; then who is calling is settled before the
        // path is judged: a stranger learns nothing, not even that an id is malformed.
        onRequest: async (request) => {
          const thumbprint = presentedThumbprint(request);
          await spendFederatedBudget(runtime.services.kv, { thumbprint, ip: request.ip });
          if (!thumbprint) throw new AppError('unauthorized', NO_CERTIFICATE);
        },
      },
      async (request) =>
        readFederatedNote(runtime.services, {
          shipmentId: request.params.id,
          thumbprint: presentedThumbprint(request),
          requestId: request.id,
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
          language: request.headers['accept-language'] ?? null,
        }),
    );
  });
}
