/**
 * The platform listener: HTTPS on EFTI_PLATFORM_PORT, a Fastify instance of its own
 * beside the API, for callers that authenticate with a TLS client certificate instead of an API
 * key — the eFTI gate (`/v0/…`, src/modules/efti/gate/gate.routes.ts) and federated grantees
 * (src/modules/federated/federated.routes.ts). It serves the platform certificate (EFTI_CLIENT_CERT,
 * whose CN is the platform id; the gate knows us by it) and asks every client for a certificate
 * (`requestCert`) without refusing the handshake when it does not chain to EFTI_GATE_CA
 * (`rejectUnauthorized: false`): grantees' certificates chain to anything, so each route judges
 * the certificate itself. Errors outside the gate's routes are problem+json. It has the API's limits
 * for slow clients and bodies (src/http/listener-limits.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppRuntime } from './app-runtime.js';
import type { EftiConfig } from './config.js';
import { newId } from './core/ids.js';
import { gateRoutes } from './modules/efti/gate/gate.routes.js';
import { federatedRoutes } from './modules/federated/federated.routes.js';
import { clientErrorHandler } from './http/framework-errors.js';
import { fastifyLimits, nodeServerLimits, registerDeclaredBodyLimit } from './http/listener-limits.js';
import { registerProblemHandling } from './http/problem.js';
import { FindingSchema, ProblemSchema } from './http/problem.schema.js';

export async function buildPlatformListener(runtime: AppRuntime, efti: EftiConfig): Promise<FastifyInstance> {
  const app = Fastify({
    https: { key: efti.clientKey, cert: efti.clientCert, ca: [efti.gateCa], requestCert: true, rejectUnauthorized: false, ...nodeServerLimits(runtime.config.http) },
    ...fastifyLimits(runtime.config.http),
    clientErrorHandler: clientErrorHandler(runtime.config.docsUrl, runtime.services.clock),
    logger: { level: runtime.config.logLevel },
    genReqId: () => newId('request', runtime.services.clock.now()),
    requestIdHeader: false,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;
  registerDeclaredBodyLimit(app);
  app.addSchema(FindingSchema);
  app.addSchema(ProblemSchema);
  registerProblemHandling(app, runtime.config.docsUrl);
  await app.register(async (scope) => gateRoutes(scope, runtime, efti.gateId), { prefix: '/v0' });
  await app.register(async (scope) => federatedRoutes(scope, runtime));
  return app;
}

/** Builds the listener and listens on EFTI_PLATFORM_PORT (0: any free port, for tests). */
export async function startPlatformListener(runtime: AppRuntime, efti: EftiConfig, host: string): Promise<FastifyInstance> {
  const app = await buildPlatformListener(runtime, efti);
  await app.listen({ port: efti.platformPort, host });
  return app;
}
