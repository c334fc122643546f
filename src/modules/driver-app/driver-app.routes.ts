/**
 * The driver web app: the page at GET /driver, its files under
 * /driver/assets/ and its service worker at /driver/sw.js. Public like the signing page (the
 * driver API behind it takes the session); the same strict Content-Security-Policy, plus the
 * worker, and images from data and blob URLs (the camera photos shown before they are sent).
 */
import type { FastifyInstance } from 'fastify';
import { pickLanguage } from '../../core/language.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import { serveHashedAssets } from '../../http/hashed-assets-route.js';
import { DRIVER_APP_PATH, DRIVER_ASSETS_PATH, DRIVER_WORKER_PATH, loadDriverAppAssets } from './driver-app-assets.js';
import { DRIVER_LANGUAGES_OF_APP, driverLanguage } from './driver-app-words.js';
import { renderDriverPage } from './render-driver-page.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export async function driverAppRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadDriverAppAssets();
  const worker = { url: DRIVER_WORKER_PATH, scope: DRIVER_APP_PATH };

  // `lang` is the driver's language, which the page's script learns from the run and asks for;
  // before sign-in the phone's own languages choose.
  app.get<{ Querystring: { lang?: string } }>(DRIVER_APP_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const asked = typeof request.query.lang === 'string' ? request.query.lang : undefined;
    const language = asked ? driverLanguage(asked) : (pickLanguage(request.headers['accept-language'], DRIVER_LANGUAGES_OF_APP) ?? 'en');
    return htmlPageHeaders(reply, CSP).send(renderDriverPage({ language, assets: assets.urls, worker }));
  });

  // One name for the worker, checked by the browser for updates: never cached, and allowed to
  // control /driver, which is above its own folder.
  app.get(DRIVER_WORKER_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', DRIVER_APP_PATH).header('x-content-type-options', 'nosniff').send(assets.worker),
  );

  serveHashedAssets(app, DRIVER_ASSETS_PATH, assets, 'the driver app');
}
