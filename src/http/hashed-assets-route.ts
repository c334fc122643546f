/** `GET <urlPath>/:name` for a page's content-hashed files (src/modules/sign-app/sign-app-assets.ts): cacheable for a year, since their names change with them. */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';
import type { HashedAssets } from '../modules/sign-app/sign-app-assets.js';

export function serveHashedAssets(app: FastifyInstance, urlPath: string, assets: HashedAssets<string>, what: string): void {
  app.get<{ Params: { name: string } }>(`${urlPath}/:name`, { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const asset = assets.byName.get(request.params.name);
    if (!asset) throw new AppError('not_found', `No such file of ${what}.`);
    return reply.type(asset.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(asset.body);
  });
}
