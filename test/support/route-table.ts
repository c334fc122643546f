/**
 * Every route the app serves, documented or not (pages, forms, signed file links), read from
 * Fastify's own route tree, so a suite that walks them covers a route added later without a line.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's URL, `:param` style. */
  url: string;
}

export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (depth > 0 ? prefixes[depth - 1]! : '') + m[2]!;
    prefixes[depth] = url;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}
