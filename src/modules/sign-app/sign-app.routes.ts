/**
 * The signing web app: GET /sign/{token} (the page a sign link opens) and its script and style
 * under /sign/assets/. Public like the sign endpoints; a strict Content-Security-Policy (only this
 * origin, no inline script or style; images from this origin and the data URLs of photos picked
 * before they are sent), no referrer (the token is in the URL) and no caching of the page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import { toAppError } from '../../http/problem.js';
import { serveHashedAssets } from '../../http/hashed-assets-route.js';
import { loadSignAppAssets, SIGN_ASSETS_PATH } from './sign-app-assets.js';
import { SIGN_APP_WORDS } from './sign-app-words.js';
import type { PageErrorCode } from './words/page-words.js';
import { linkLanguage, linkUsed, signPage } from './sign-page.js';
import { renderAlreadySignedPage, renderCopyExpiredPage, signerCopyPage } from './signer-copy-page.js';
import { isAppError } from '../../core/errors.js';
import { renderSignErrorPage, renderSignPage } from './render-sign-page.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const pageHeaders = (reply: FastifyReply): FastifyReply => htmlPageHeaders(reply, CSP);

export async function signAppRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  const assets = loadSignAppAssets();

  app.get<{ Params: { token: string } }>('/sign/:token', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params;
    const copyDays = runtime.config.signerCopy.days;
    try {
      try {
        const page = await signPage(runtime.services, token, request.id);
        return pageHeaders(reply).send(renderSignPage(page, assets.urls));
      } catch (error) {
        // A used link shows the signer's copy while it lasts, then that it expired.
        if (!isAppError(error) || error.code !== 'already_signed') throw error;
        return pageHeaders(reply).send(renderAlreadySignedPage(await signerCopyPage(runtime.services, token, request.id, copyDays), assets.urls));
      }
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === 'token_expired' && (await linkUsed(runtime.services, token))) {
        return pageHeaders(reply).status(410).send(renderCopyExpiredPage((await linkLanguage(runtime.services, token)) ?? 'en', copyDays, assets.urls));
      }
      if (appError.status >= 500) request.log.error({ err: error }, 'sign page failed');
      const code = (appError.code in SIGN_APP_WORDS.en.errors ? appError.code : 'internal_error') as PageErrorCode;
      const language = (await linkLanguage(runtime.services, request.params.token).catch(() => null)) ?? negotiateLanguage(request.headers['accept-language']);
      return pageHeaders(reply).status(code === appError.code ? appError.status : 500).send(renderSignErrorPage(language, code, request.id, assets.urls));
    }
  });

  serveHashedAssets(app, SIGN_ASSETS_PATH, assets, 'the signing page');
}
