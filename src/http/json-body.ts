/**
 * JSON request bodies, bounded in depth: a body nested deeper than MAX_JSON_DEPTH is refused as
 * 400 `malformed_json` before it is parsed (src/core/json-depth.ts says why), on every route and
 * for both JSON media types.
 */
import type { FastifyBodyParser } from 'fastify';
import { AppError } from '../core/errors.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../core/json-depth.js';

export function boundedJsonParser(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return (request, body, done) => {
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new AppError('malformed_json', `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    return parse(request, body, done);
  };
}

/**
 * A JSON body kept as the bytes received, for a route whose caller signs them (the billing
 * provider's webhooks): parsed by the route once the signature verifies, and refused like any
 * other JSON body when it nests deeper than MAX_JSON_DEPTH.
 */
export const rawJsonParser: FastifyBodyParser<Buffer> = (_request, body, done) => {
  if (jsonNestsDeeperThan(body.toString('utf8'), MAX_JSON_DEPTH)) {
    done(new AppError('malformed_json', `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
    return;
  }
  done(null, body);
};
