/**
 * The contact form: POST /v1/public/contact takes a message without an API key, behind
 * the contact door's per-IP window and the bot check (src/modules/botcheck/public-door-access.ts); GET /contact
 * is the page that sends it, in English, Dutch, German or French, with its files under /contact/assets/.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { serveHashedAssets } from '../../http/hashed-assets-route.js';
import { htmlPageHeaders } from '../../http/html-page.js';
import { BOTCHECK_PATH } from '../botcheck/botcheck.routes.js';
import { loadContactAssets, CONTACT_ASSETS_PATH } from './contact-assets.js';
import { CONTACT_RETENTION_DAYS } from './contact-policy.js';
import { ContactReceiptSchema, CreateContactMessageSchema, type CreateContactMessage } from './contact.schema.js';
import { contactLanguage } from './contact-words.js';
import { createContactMessage } from './create-contact-message.js';
import { CONTACT_PAGE_CSP, renderContactPage } from './render-contact-page.js';

export const CONTACT_PATHS = { message: '/v1/public/contact', page: '/contact' } as const;

export async function contactRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [CreateContactMessageSchema, ContactReceiptSchema]) app.addSchema(schema);

  app.post<{ Body: CreateContactMessage }>(
    CONTACT_PATHS.message,
    {
      config: { access: { public: true, door: 'contact' }, idempotent: false },
      schema: {
        operationId: 'sendContactMessage',
        tags: ['contact'],
        summary: 'Send a message through the contact form',
        description:
          'No API key: send a solved bot-check challenge (`GET /v1/public/botcheck`) in the `Botcheck-Token` header; missing, expired, reused or not solved is 403 `botcheck_failed`. ' +
          'Each client address may send CONTACT_RATE_LIMIT requests per CONTACT_RATE_WINDOW_S seconds (5 per hour by default), counted before the bot check; every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and past the limit it is 429 `rate_limited` with `Retry-After`. ' +
          'The name, e-mail address and company must be one line each (no CR, LF or other control characters: they reach the e-mail\'s headers); unknown members are 422 `validation_failed`. ' +
          `The message is stored (deleted ${CONTACT_RETENTION_DAYS} days after it arrived) and e-mailed to the service's contact address (CONTACT_EMAIL) with Reply-To set to the sender, by a background job that retries when the mail server is down; without CONTACT_EMAIL it is only stored. ` +
          'The answer names the message and says nothing else: not where it goes, nor whether the e-mail has left. Not idempotent: each accepted request is a message.',
        headers: Type.Object({
          'botcheck-token': Type.Optional(
            Type.String({ description: 'A solved challenge of `GET /v1/public/botcheck` (base64, as the altcha widget makes it), each once. Missing, expired, reused or not solved: 403 `botcheck_failed`.' }),
          ),
        }),
        body: Type.Ref(CreateContactMessageSchema),
        response: { 202: Type.Ref(ContactReceiptSchema, { description: 'The message is stored; it will be passed on.' }) },
      },
    },
    async (request, reply) => {
      const receipt = await createContactMessage(runtime.services, request.body, runtime.config.publicDoors.contactEmail);
      return reply.status(202).header('cache-control', 'no-store').send(receipt);
    },
  );

  const assets = loadContactAssets();
  app.get<{ Querystring: { lang?: string } }>(
    CONTACT_PATHS.page,
    {
      config: { access: { public: true } },
      schema: { hide: true, querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 35 })) }, { additionalProperties: true }) },
    },
    async (request, reply) => {
      const language = contactLanguage(request.query.lang, request.headers['accept-language']);
      return htmlPageHeaders(reply, CONTACT_PAGE_CSP).header('content-language', language).send(renderContactPage(language, assets.urls, { contact: CONTACT_PATHS.message, botcheck: BOTCHECK_PATH }));
    },
  );

  serveHashedAssets(app, CONTACT_ASSETS_PATH, assets, 'the contact page');
}
