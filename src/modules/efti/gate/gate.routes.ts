/**
 * The API a platform offers its gate (platform-api-for-gate.yaml, EFTI4EU reference
 * implementation), on the platform listener under `/v0`. Every route demands the gate's client
 * certificate: one that chains to EFTI_GATE_CA (else 401) and names EFTI_GATE_ID as its CN (else
 * 403). The TLS layer asks for a certificate but does not refuse one that fails, because federated
 * grantees on the same listener present certificates of their own; the check is made here, per
 * route. Every error is `application/problem+xml`.
 */
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../../app-runtime.js';
import { AppError } from '../../../core/errors.js';
import { sendProblemXml } from '../../../http/problem-xml.js';
import { toAppError } from '../../../http/problem.js';
import { getConsignmentSubsets } from './get-consignment-subsets.js';
import type { GateRequest } from './gate-request.js';
import { receiveFollowUp } from './receive-follow-up.js';

/** Paths under the listener's `/v0` prefix. */
export const GATE_PATHS = {
  consignment: '/consignments/:datasetId',
  followUp: '/consignments/:datasetId/follow-up',
} as const;

/** Bytes: 10 000 characters of up to 4 bytes each, with room to say "too long" rather than "too large". */
const FOLLOW_UP_BODY_LIMIT = 64 * 1024;

/** The gate asking, or 401/403: the certificate must chain to the gate CA and name the gate. */
export function gateCaller(request: FastifyRequest, gateId: string): string {
  const socket = request.raw.socket as TLSSocket;
  const certificate = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
  if (!certificate || Object.keys(certificate).length === 0) throw new AppError('unauthorized', 'Present the gate\'s client certificate (mutual TLS).');
  if (!socket.authorized) throw new AppError('unauthorized', `The client certificate does not chain to the gate CA (${String(socket.authorizationError ?? 'unverified')}).`);
  const cn = [certificate.subject?.CN].flat()[0];
  if (cn !== gateId) throw new AppError('forbidden', `The client certificate names CN=${cn ?? '(none)'}; only gate ${gateId} may call this platform's gate API.`);
  return cn;
}

function gateRequest(request: FastifyRequest, gateId: string): GateRequest {
  const { datasetId } = request.params as { datasetId: string };
  return { datasetId, gateId: gateCaller(request, gateId), ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, requestId: request.id };
}

/** `subsetId` repeated (the OpenAPI default for an array in the query), or comma-separated. */
function subsetIdsOf(request: FastifyRequest): string[] {
  const raw = (request.query as { subsetId?: string | string[] }).subsetId;
  return [raw ?? []].flat().flatMap((value) => value.split(',')).map((id) => id.trim()).filter((id) => id !== '');
}

export async function gateRoutes(app: FastifyInstance, runtime: AppRuntime, gateId: string): Promise<void> {
  const docsUrl = runtime.config.docsUrl;
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, 'Send the follow-up message as text/plain.');
    if (appError.status >= 500) request.log.error({ err: appError.cause ?? error, code: appError.code }, 'gate request failed');
    return sendProblemXml(request, reply, appError, docsUrl);
  });
  app.setNotFoundHandler((request, reply) => sendProblemXml(request, reply, new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`), docsUrl));
  // Before the body is read: a caller that is not the gate gets its 401 or 403 without sending it.
  app.addHook('onRequest', async (request) => {
    gateCaller(request, gateId);
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: FOLLOW_UP_BODY_LIMIT }, (_request, body, done) => done(null, body));
  // Any other media type reaches the route without a body, so its 415 on a known dataset is an
  // audit row like every other answer (2025/2243 Art. 3), not a refusal before the route.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FOLLOW_UP_BODY_LIMIT }, (_request, _body, done) => done(null, undefined));

  app.get(GATE_PATHS.consignment, async (request, reply) => {
    const xml = await getConsignmentSubsets(runtime.services, gateRequest(request, gateId), subsetIdsOf(request));
    return reply.type('application/xml; charset=utf-8').send(xml);
  });

  app.post(GATE_PATHS.followUp, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : undefined;
    await receiveFollowUp(runtime.services, gateRequest(request, gateId), body);
    // platform-api-for-gate.yaml: 200, no body.
    return reply.status(200).send();
  });
}
