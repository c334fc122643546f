/**
 * OpenTelemetry traces over OTLP/HTTP (JSON), with the official Node SDK, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Instrumented: incoming and outgoing HTTP (node:http, which
 * Fastify, the webhook transport and the S3 client use, and fetch), PostgreSQL (`pg`, which the
 * embedded database sits behind too) and Redis (`ioredis`). Only work done for a request is traced: database,
 * Redis and outgoing HTTP spans need a parent, so worker polls and webhook deliveries make none.
 *
 * Order matters: the instrumentations patch modules as they load, so this runs before the service's
 * own modules are imported (src/main.ts imports them afterwards). `pg` and `ioredis` are loaded
 * from ES modules, which Node's require hooks do not see: import-in-the-middle's loader hook is
 * registered here for just the modules the instrumentations ask for, so nothing else is wrapped.
 *
 * The SDK reads the standard variables itself: OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG), OTEL_PROPAGATORS; the batch settings
 * (OTEL_BSP_*) are read here, as the SDK reads them only for the exporter it builds itself.
 * Metrics and logs are not sent over OTLP: metrics are Prometheus on METRICS_PORT, logs are stdout.
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { RequestIdSpanProcessor } from './request-id-span-processor.js';

export interface Tracing {
  /** Sends the spans still buffered and stops tracing. */
  shutdown(): Promise<void>;
}

const SERVICE_NAME = 'freight-document-service';

function envNumber(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export async function startTracing(): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : SERVICE_NAME,
    spanProcessors: [
      new RequestIdSpanProcessor(),
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: envNumber('OTEL_BSP_SCHEDULE_DELAY'),
        maxQueueSize: envNumber('OTEL_BSP_MAX_QUEUE_SIZE'),
        maxExportBatchSize: envNumber('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
        exportTimeoutMillis: envNumber('OTEL_BSP_EXPORT_TIMEOUT'),
      }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Scrapes of the metrics listener are not requests of the service.
        ignoreIncomingRequestHook: (request) => request.url === '/metrics',
        requireParentforOutgoingSpans: true,
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      // Node's fetch (the trust service and SMS adapters), seen through its diagnostics channel.
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}
