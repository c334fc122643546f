/**
 * Hooks attached to a route as it is declared (from an onRoute hook), instead of global hooks that
 * look up the route's config on every request: `request.routeOptions` builds a new object on each
 * read, and the request path runs on every call.
 */
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

export function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown[]>)[name] = [...list, hook];
}

/** Puts a hook before the route's others: for headers every answer must carry, refusals included. */
export function prependRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown[]>)[name] = [hook, ...list];
}
