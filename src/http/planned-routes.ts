/**
 * Routes of the service description that are declared but not built yet. They exist so that
 * integrators see the whole surface in the OpenAPI document and get a precise answer: after
 * authentication, scope and mode checks, and id-shape checks, they say `not_implemented` (501).
 * Each capability's issue removes its rows from this table when it builds the real route.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import type { IdKind } from '../core/ids.js';
import { IdString } from '../core/schema-types.js';
import type { RouteAccess } from './route-config.js';

interface PlannedRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  tag: string;
  summary: string;
  access: RouteAccess;
  /** Path parameters that are our identifiers; others (tokens) are plain strings. */
  ids?: Record<string, IdKind>;
  idempotent?: boolean;
}

export const PLANNED_ROUTES: readonly PlannedRoute[] = [];

function operationId(route: PlannedRoute): string {
  const words = `${route.method.toLowerCase()} ${route.url.replace(/^\/v1\//, '').replace(/:[a-z]+/g, '')}`.split(/[^a-z]+/i).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

export async function plannedRoutes(app: FastifyInstance): Promise<void> {
  await declaredRoutes(app, PLANNED_ROUTES);
}

/** Registers `routes` answering `not_implemented` (a test declares its own: every route left is console-only). */
export async function declaredRoutes(app: FastifyInstance, routes: readonly PlannedRoute[]): Promise<void> {
  for (const route of routes) {
    const params = route.url.match(/:[a-z]+/g)?.map((p) => p.slice(1)) ?? [];
    app.route({
      method: route.method,
      url: route.url,
      config: { access: route.access, idempotent: route.idempotent, errors: [...(params.length > 0 ? (['invalid_id'] as const) : []), 'not_implemented'] },
      schema: {
        operationId: operationId(route),
        tags: [route.tag],
        summary: route.summary,
        description: 'Declared, not built yet: answers `not_implemented` (501) after the checks every route makes.',
        ...(params.length > 0
          ? { params: Type.Object(Object.fromEntries(params.map((p) => [p, route.ids?.[p] ? IdString(route.ids[p]) : Type.String({ minLength: 1 })])), { additionalProperties: false }) }
          : {}),
      },
      handler: async () => {
        throw new AppError('not_implemented', `${route.method} ${route.url.replace(/:([a-z]+)/g, '{$1}')} is declared but not built yet.`);
      },
    });
  }
}
