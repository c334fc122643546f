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
