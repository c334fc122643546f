/**
 * Span attribute names the service sets itself: shared by the HTTP layer, which tags a request's
 * server span, and the tracing adapter, which copies the tag onto every child span.
 */

/** The span attribute that carries the request id (the `request_id` of problems and request logs). */
export const REQUEST_ID_ATTRIBUTE = 'request_id';
