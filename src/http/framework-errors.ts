/**
 * Errors that arise before any route runs, answered like every other error: problem+json from the
 * one problem builder, with a catalogue code and a Request-Id. Two kinds exist:
 * - the router's (`frameworkErrors`): a broken percent-escape in the path (FST_ERR_BAD_URL) and a
 *   path parameter over the router's length limit (FST_ERR_MAX_PARAM_LENGTH). The limit is set far
 *   above any identifier's length, so an over-long id normally reaches its route's id check and is
 *   `invalid_id` there; only absurd lengths stop at the router, and are `invalid_id` too;
 * - the HTTP parser's (`clientErrorHandler`), when Node cannot read the request at all: headers or
 *   a request line over Node's 16 KB (a long query string), or bytes that are not HTTP. There is no
 *   request object then, so the answer is written to the socket directly and the connection closed;
 *   a request whose line, headers or body arrive slower than the listener's limits allow
 *   (src/http/listener-limits.ts) is answered the same way, 408 `request_timeout`.
 * Neither echoes the path or the bytes it could not read.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { PROBLEM_CONTENT_TYPE, problemBody, sendProblem, toAppError } from './problem.js';

/** Longest path parameter the router takes (Fastify's default is 100): identifiers are far shorter. */
export const MAX_PARAM_LENGTH = 2048;

function routerProblem(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', 'The URL path has a malformed percent-escape; write each escaped byte as % and two hex digits.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('invalid_id', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters: no identifier is that long.`);
    default:
      return toAppError(error);
  }
}

export function routerErrorHandler(docsUrl: string): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    reply.header('request-id', request.id);
    sendProblem(request, reply, routerProblem(error), docsUrl);
  };
}

function clientProblem(error: NodeJS.ErrnoException): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('bad_request', 'The request line and headers are larger than 16 KB; send long values in the body.');
    // Node's headersTimeout and requestTimeout (src/http/listener-limits.ts): the client sent too slowly.
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('request_timeout', 'The request did not arrive in time; send it again, whole.');
    default:
      return new AppError('bad_request', 'The request could not be read as HTTP.');
  }
}

export function clientErrorHandler(docsUrl: string, clock: Clock): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has no one left to answer; one whose answer has begun can only be closed.
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const problem = clientProblem(error);
    const requestId = newId('request', clock.now());
    const body = JSON.stringify(problemBody(problem, requestId, 'en', docsUrl));
    socket.end(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
    // A client that keeps sending would otherwise keep the half-closed socket open.
    socket.destroySoon();
  };
}
