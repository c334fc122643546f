/**
 * `GET <urlPath>/:name` for a page's content-hashed files (src/modules/sign-app/sign-app-assets.ts):
 * cacheable for a year, since their names change with them; compressed once at start-up
 * (src/http/precompressed-assets.ts), so the per-request compression stays off here.
 */
import type { FastifyInstance } from 'fastify';
import { sendPageAsset, type PageAsset } from './html-page.js';
import { pickEncoding, precompress } from './precompressed-assets.js';

export function serveHashedAssets(app: FastifyInstance, urlPath: string, assets: { byName: ReadonlyMap<string, PageAsset> }, what: string): void {
  const variants = new Map([...assets.byName].map(([name, asset]) => [name, precompress(asset.body)]));
  app.get<{ Params: { name: string } }>(`${urlPath}/:name`, { config: { access: { public: true } }, schema: { hide: true }, compress: false }, async (request, reply) => {
    const asset = assets.byName.get(request.params.name);
    const encoded = (await variants.get(request.params.name)) ?? {};
    const encoding = pickEncoding(request.headers['accept-encoding'], encoded);
    if (Object.keys(encoded).length > 0) reply.header('vary', 'accept-encoding');
    if (!asset || !encoding) return sendPageAsset(reply, asset, what);
    return sendPageAsset(reply.header('content-encoding', encoding), { ...asset, body: encoded[encoding]! }, what);
  });
}
