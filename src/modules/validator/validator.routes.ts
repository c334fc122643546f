/**
 * The public validator: `POST /v1/public/validate`, the dry run of
 * `POST /v1/shipments/validate` without an API key — the same use case, so the two never
 * disagree — behind the public door's per-IP window and bot check (src/modules/botcheck/public-door-access.ts)
 * and callable from browsers of CORS_ORIGINS (src/http/public-door-cors.ts); and its page,
 * `GET /validate`, with its files under /validate/assets/. Nothing is stored: no tenant, no
 * request-log row (those are per API key), no idempotency record.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { negotiateLanguage, pickLanguage } from '../../core/language.js';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from '../../http/public-door-cors.js';
import { serveHashedAssets } from '../../http/hashed-assets-route.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '../signatures/sign-messages.js';
import { validateShipment } from '../shipments/validate-shipment.js';
import { PUBLIC_VALIDATE_PATH, renderValidatorPage, VALIDATOR_PAGE_PATH } from './render-validator-page.js';
import { loadValidatorAssets, VALIDATOR_ASSETS_PATH } from './validator-assets.js';

/** Only this origin; the widget's proof of work runs in a worker served from here. */
const CSP = "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

const pageHeaders = (reply: FastifyReply): FastifyReply => htmlPageHeaders(reply, CSP);

/** `?lang=` when it is one of the page's languages, else the best of Accept-Language, else English. */
export function validatorPageLanguage(lang: string | undefined, acceptLanguage: string | undefined): MessageLanguage {
  return MESSAGE_LANGUAGES.find((l) => l === lang?.toLowerCase()) ?? pickLanguage(acceptLanguage, MESSAGE_LANGUAGES) ?? 'en';
}

const DESCRIPTION =
  'The dry run of `POST /v1/shipments/validate` for anyone, without an API key: the same checks (schema and business rules, docs/business-rules.md) and the same answer, ' +
  'valid or not, in the language of `Accept-Language` (English, Dutch, German or French). Nothing is stored. The body limit is the same (1 MB).\n\n' +
  '**Bot check**: send a solved challenge of `GET /v1/public/botcheck` in the `Botcheck-Token` header; each token passes once, and a missing, expired, reused or unsolved one ' +
  'answers 403 `botcheck_failed`.\n\n' +
  '**Limits**: VALIDATOR_RATE_LIMIT requests (default 10) per minute per client address (behind a proxy, as TRUST_PROXY allows), counted before the bot check, with ' +
  '`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on every answer; past it 429 `rate_limited` with `Retry-After`.\n\n' +
  `**CORS**: pages of the origins CORS_ORIGINS names may call it from a browser: the preflight (\`OPTIONS\`) allows \`${CORS_ALLOW_HEADERS}\`, every answer, errors included, ` +
  `exposes \`${CORS_EXPOSE_HEADERS}\`; credentials are never allowed. The page at \`/validate\` does all this for a person.`;

export async function validatorRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadValidatorAssets();

  app.post(
    PUBLIC_VALIDATE_PATH,
    {
      config: { access: { public: true, door: 'validate' }, idempotent: false, bodyCheckedByHandler: true },
      schema: {
        operationId: 'validateShipmentPublic',
        tags: ['validate'],
        summary: 'Validate a shipment without an API key (public validator)',
        description: DESCRIPTION,
        headers: Type.Object({ 'botcheck-token': Type.Optional(Type.String({ description: 'A solved challenge of GET /v1/public/botcheck (base64 JSON); required, each passes once.' })) }),
        body: Type.Ref('ShipmentInput'),
        response: { 200: Type.Ref('ValidationResult', { description: 'What the create would decide.' }) },
      },
    },
    async (request) => validateShipment(request.body, negotiateLanguage(request.headers['accept-language'])),
  );

  app.get<{ Querystring: { lang?: string } }>(VALIDATOR_PAGE_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) =>
    pageHeaders(reply).send(renderValidatorPage(validatorPageLanguage(request.query.lang, request.headers['accept-language']), assets.urls)),
  );

  serveHashedAssets(app, VALIDATOR_ASSETS_PATH, assets, 'the validator page');
}
