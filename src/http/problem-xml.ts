/**
 * Problems for the eFTI gate, in the XML form of RFC 7807 (Appendix A: `application/problem+xml`,
 * namespace `urn:ietf:rfc:7807`): the gate speaks XML, so its errors do too. The members are those
 * of our problem+json (src/http/problem.ts builds them), `code` and `request_id` as extension
 * elements; `errors` and `warnings` are left out, as the gate's problems carry no findings.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import type { AppError } from '../core/errors.js';
import { problemBody } from './problem.js';

export const PROBLEM_XML_CONTENT_TYPE = 'application/problem+xml';
export const PROBLEM_XML_NAMESPACE = 'urn:ietf:rfc:7807';

export function problemXml(error: AppError, requestId: string, docsUrl: string): string {
  const body = problemBody(error, requestId, 'en', docsUrl);
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(PROBLEM_XML_NAMESPACE, 'problem');
  for (const member of ['type', 'title', 'status', 'detail', 'code', 'request_id'] as const) doc.ele(member).txt(String(body[member]));
  return doc.end({ prettyPrint: false });
}

export function sendProblemXml(request: FastifyRequest, reply: FastifyReply, error: AppError, docsUrl: string): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.status(error.status).type(PROBLEM_XML_CONTENT_TYPE).send(problemXml(error, request.id, docsUrl));
}
