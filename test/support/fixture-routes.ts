/**
 * Routes that exist only in tests, to drive the shared request path (idempotency, validation,
 * internal errors) before the capabilities that use it are built. They go through exactly the
 * hooks every real route goes through.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppRuntime } from '../../src/app-runtime.js';
import { AppError } from '../../src/core/errors.js';
import { newId } from '../../src/core/ids.js';
import { IdString } from '../../src/core/schema-types.js';

export const FIXTURE_PATHS = {
  widgets: '/v1/_fixtures/widgets',
  boom: '/v1/_fixtures/boom',
  renderFails: '/v1/_fixtures/render-fails',
  small: '/v1/_fixtures/small',
} as const;

export interface FixtureState {
  /** How many times the create handler really ran. */
  created: number;
  /** Milliseconds the create handler takes, to hold a request "in progress". */
  delayMs: number;
  failures: number;
}

export function fixtureRoutes(state: FixtureState): FastifyPluginAsync<{ runtime: AppRuntime }> {
  return async (app, { runtime }) => {
    const Widget = Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 10 }), shipment_id: Type.Optional(IdString('shipment')), count: Type.Optional(Type.Integer({ minimum: 1 })) },
      { additionalProperties: false },
    );
    app.post<{ Body: { name: string } }>(
      FIXTURE_PATHS.widgets,
      { config: { access: { scope: 'shipments:write' }, errors: ['invalid_id'] }, schema: { body: Widget } },
      async (request, reply) => {
        await new Promise((r) => setTimeout(r, state.delayMs));
        state.created += 1;
        const id = newId('shipment', runtime.services.clock.now());
        return reply.status(201).header('location', `/v1/shipments/${id}`).send({ id, name: request.body.name, n: state.created });
      },
    );
    app.get(FIXTURE_PATHS.boom, { config: { access: { scope: 'shipments:read' } } }, async () => {
      throw new Error('password=hunter2 at /srv/app/secret.ts:42');
    });
    app.post(FIXTURE_PATHS.renderFails, { config: { access: { scope: 'shipments:write' } } }, async () => {
      state.failures += 1;
      throw new AppError('pdf_render_failed', 'The consignment note could not be rendered.');
    });
    app.post(FIXTURE_PATHS.small, { config: { access: { scope: 'shipments:write' } }, bodyLimit: 64 }, async () => ({ ok: true }));
  };
}
