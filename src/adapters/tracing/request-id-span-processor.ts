/**
 * Puts the request id on every span of a request: the HTTP layer sets it on the request's server
 * span as Fastify assigns it (src/http/request-tracing.ts), before any other span of the request
 * starts; each span then copies it from its parent as it starts, so database, Redis, object-store
 * and render spans all carry the id a client sees in the Request-Id header and in problems.
 */
import { trace, type Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { REQUEST_ID_ATTRIBUTE } from '../../core/trace-attributes.js';

export class RequestIdSpanProcessor implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    // A parent of this SDK is a Span with attributes; a remote parent (traceparent header) has none.
    const parent = trace.getSpan(parentContext) as Partial<ReadableSpan> | undefined;
    const requestId = parent?.attributes?.[REQUEST_ID_ATTRIBUTE];
    if (typeof requestId === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
