/**
 * `GET /v1/public/botcheck`: a new proof-of-work challenge for the public doors (the validator and
 * the contact form), issued without an API key. Never cached: each challenge passes once.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { createBotcheckChallenge } from './create-botcheck-challenge.js';
import { BotcheckChallengeSchema } from './botcheck.schema.js';

export const BOTCHECK_PATH = '/v1/public/botcheck';

export async function botcheckRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(BotcheckChallengeSchema);
  app.get(
    BOTCHECK_PATH,
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'getBotcheckChallenge',
        tags: ['validate'],
        summary: 'A new bot-check challenge for the public validator and contact form',
        description:
          'No API key. Solve the challenge (proof of work, about 256 tries of PBKDF2 on average; the altcha widget does it in the browser) and send the result in the ' +
          '`Botcheck-Token` header of `POST /v1/public/validate` or `POST /v1/public/contact`. A token is valid until `parameters.expiresAt` and for one request: ' +
          'missing, expired, reused or not solved gives 403 `botcheck_failed`. Nothing about the caller is stored or sent to a third party.',
        response: { 200: Type.Ref(BotcheckChallengeSchema, { description: 'A new challenge.' }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotcheckChallenge(runtime.services, runtime.config.publicDoors.botcheck);
    },
  );
}
