/** A solved bot-check token from an app's own challenge endpoint, as a browser's widget would send it. */
import type { FastifyInstance } from 'fastify';
import { solveBotcheckChallenge } from '../../src/modules/botcheck/botcheck-solver.js';

export async function botcheckToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/v1/public/botcheck' });
  if (response.statusCode !== 200) throw new Error(`GET /v1/public/botcheck answered ${response.statusCode}: ${response.body}`);
  return solveBotcheckChallenge(response.json());
}

/** The header of a public-door request. */
export async function botcheckHeaders(app: FastifyInstance): Promise<{ 'botcheck-token': string }> {
  return { 'botcheck-token': await botcheckToken(app) };
}
