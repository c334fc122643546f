/** `GET <urlPath>/:name` for a page's content-hashed files (src/modules/sign-app/sign-app-assets.ts): cacheable for a year, since their names change with them. */
import type { FastifyInstance } from 'fastify';
import type { HashedAssets } from '../modules/sign-app/sign-app-assets.js';
import { sendPageAsset } from './html-page.js';

export function serveHashedAssets(app: FastifyInstance, urlPath: string, assets: HashedAssets<string>, what: string): void {
  app.get<{ Params: { name: string } }>(`${urlPath}/:name`, { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) =>
    sendPageAsset(reply, assets.byName.get(request.params.name), what),
  );
}
