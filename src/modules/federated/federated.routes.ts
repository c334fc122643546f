/**
 * CONTRACT STUB (issue 16): routes a grantee platform calls on the mutual-TLS platform listener
 * (EFTI_PLATFORM_PORT). The listener (gate work) registers this plugin; the federated work fills it.
 * The client certificate is on `request.raw.socket` (a TLSSocket: getPeerCertificate()).
 */
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';

export async function federatedRoutes(_app: FastifyInstance, _runtime: AppRuntime): Promise<void> {
  // Stub: GET /v1/federated/consignment-notes/:id
}
