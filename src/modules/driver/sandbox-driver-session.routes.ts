/**
 * POST /v1/test/driver-sessions (docs/driver.md): the sandbox's driver session, taken with the
 * organisation's own test key instead of a guessable code. Registered by driverRoutes.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { DriverSessionCreatedSchema, SandboxDriverSessionInputSchema, type SandboxDriverSessionInput } from './driver.schema.js';
import { openSandboxDriverSession } from './open-sandbox-driver-session.js';
import type { SessionSource } from './open-driver-session.js';

export const SANDBOX_DRIVER_SESSIONS_PATH = '/v1/test/driver-sessions';

/** Where a sign-in comes from, kept with the session. */
export function sourceOf(request: FastifyRequest): SessionSource {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export async function sandboxDriverSessionRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(SandboxDriverSessionInputSchema);
  app.post<{ Body: SandboxDriverSessionInput }>(
    SANDBOX_DRIVER_SESSIONS_PATH,
    {
      config: { access: { scope: 'test:write', testOnly: true }, idempotent: false, errors: ['validation_failed'] },
      schema: {
        operationId: 'createSandboxDriverSession',
        tags: ['test'],
        summary: 'Sandbox: a driver session for a phone of your test tours',
        description:
          'Sandbox keys only (a live key is 403 `test_mode_only`). Opens a driver session of exactly 12 hours, as the SMS code would, for a phone that drives a planned or in-progress tour of your organisation made under a test key; ' +
          'the session sees only your organisation\'s test-mode work, never the phone\'s work elsewhere. A phone without such a tour is 422 `validation_failed` on `$.phone`. ' +
          'The answer sets no cookie (it goes to your server, not to the driver\'s browser): send the token as `Authorization: Bearer <token>`, or set it yourself as the `fds_driver` cookie of a test browser. ' +
          'No Idempotency-Key: each call opens a new session.',
        body: Type.Ref(SandboxDriverSessionInputSchema),
        response: { 201: Type.Ref(DriverSessionCreatedSchema, { description: 'The session; the token is shown this once.' }) },
      },
    },
    async (request, reply) => {
      const opened = await openSandboxDriverSession(tenantContext(runtime, request), request.body.phone, sourceOf(request));
      return reply.header('cache-control', 'no-store').status(201).send(opened);
    },
  );
}
