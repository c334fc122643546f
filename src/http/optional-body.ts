/** For POSTs whose body is optional: a request without one is validated as an empty object, not refused. */
import type { preValidationAsyncHookHandler } from 'fastify';

export const optionalBody: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};
