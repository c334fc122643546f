/**
 * Opens what one process needs from the configuration: the database (PostgreSQL, or PGlite under
 * DATA_DIR with its folder lock), migrations, the key-value and object stores, the service secrets,
 * the render threads (started by the first render), and the shared request-path parts. `close()` releases them in reverse order.
 */
import { join } from 'node:path';
import type { AppRuntime } from './app-runtime.js';
import type { OutgoingMessage } from './ports/notifier.js';
import { ConfigError, type Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import type { Services } from './core/context.js';
import type { Resolver } from './ports/resolver.js';
import { systemResolver } from './adapters/resolver/system.js';
import { prepareDatabase } from './adapters/database/migrate-database.js';
import { backfillAuditLog } from './modules/audit-log/backfill-audit-log.js';
import { openDatabase } from './adapters/database/open-database.js';
import { createMemoryKeyValue } from './adapters/keyvalue/memory.js';
import { createFileSystemObjectStore } from './adapters/objects/filesystem.js';
import { JOB_DEFINITIONS, schedulesOf } from './jobs/catalogue.js';
import { JobRegistry, JobRunner } from './jobs/job-runner.js';
import { ApiKeyAuthenticator } from './modules/api-keys/authenticate-api-key.js';
import { RequestLogWriter } from './modules/request-logs/request-log-writer.js';
import { notifierByChannel } from './adapters/notifier/by-channel.js';
import { outboxNotifier, showingOutbox } from './adapters/notifier/outbox.js';
import { twilioSmsNotifier } from './adapters/notifier/twilio-sms.js';
import { cscTrustService } from './adapters/trust-service/csc-http.js';
import { sandboxTrustService } from './adapters/trust-service/simulator.js';
import { loadSealingKey } from './modules/documents/pades/load-sealing-key.js';
import { WorkerRenderPool } from './adapters/pdf-renderer/worker-pool.js';
import { EftiXmlPool } from './adapters/efti-xml/efti-xml-pool.js';
import type { PdfRenderer } from './ports/pdf-renderer.js';
import { loadServiceSecrets } from './modules/system/service-secrets.repository.js';
import type { DatabaseHandle } from './ports/database.js';
import { nodeHttpTransport } from './adapters/webhook-transport/node-http.js';
import { DeliveryWorker } from './modules/webhooks/delivery-worker.js';
import { ATTEMPT_TIMEOUT_MS, MAX_ANSWER_BYTES } from './modules/webhooks/delivery-policy.js';
import { API_VERSION } from './core/version.js';
import { noMetrics } from './ports/metrics.js';
import type { MetricsServer } from './adapters/metrics/metrics-server.js';
import { measuredRenderer } from './adapters/pdf-renderer/measured-renderer.js';
import { deliveryQueueStats } from './modules/webhooks/delivery-queue.repository.js';
import { mtlsGate } from './adapters/efti-gate/mtls-https.js';
import type { EftiPlatform } from './ports/efti-gate.js';
import { configuredProviders } from './adapters/ecmr-provider/configured-providers.js';
import { providerConfigProblems } from './modules/providers/check-provider-config.js';
import { catalogueEntry } from './modules/providers/provider-catalogue.js';
import { gateIdentityCheck } from './modules/efti/gate/check-gate-identity.js';
import { GATE_MAX_ANSWER_BYTES, GATE_TIMEOUT_MS } from './modules/efti/gate/gate-policy.js';

export interface Runtime extends AppRuntime {
  database: DatabaseHandle;
  jobs: JobRunner;
  deliveries: DeliveryWorker;
  /** The metrics listener (METRICS_PORT), started with the runtime; absent when metrics are off. */
  metricsServer?: MetricsServer;
  startDraining(): void;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  /** Name resolution for webhook targets; tests pass a fixed table. */
  resolver?: Resolver;
  /** Where background failures are reported (the process logger). */
  onError?: (error: unknown, context: string) => void;
  /** Job poll interval; tests shorten it. */
  jobPollIntervalMs?: number;
  /** Webhook delivery poll interval; tests shorten it. */
  deliveryPollIntervalMs?: number;
  /** An already open database (tests use an in-memory PGlite); it is closed with the runtime. */
  database?: DatabaseHandle;
  /** Wraps the render pool: tests make renders fail through the same port the pool serves. */
  renderer?: (pool: PdfRenderer) => PdfRenderer;
  /** The render threads' entry module; tests give one that wraps the real one. */
  renderWorkerUrl?: URL;
  /**
   * Outside production, without SMTP_URL (e-mail) or SMS_URL (SMS): each message kept in the outbox
   * is also shown here (the server prints it), so that someone trying the service on the embedded
   * defaults can follow a console sign-in link or type a driver's sign-in code. Production never
   * shows a message: there it is only in the outbox table.
   */
  onOutboxMessage?: (message: OutgoingMessage) => void;
}

/** The configured database: PostgreSQL, or PGlite under DATA_DIR behind its folder lock. */
/** The gates of the configuration: the production gate for live datasets, EFTI_TEST_GATE_URL (if set) for sandbox ones. */
function eftiPlatform(efti: NonNullable<Config['efti']>, publicBaseUrl: string): EftiPlatform {
  const gate = (url: string) => mtlsGate({ url, clientCert: efti.clientCert, clientKey: efti.clientKey, gateCa: efti.gateCa, timeoutMs: GATE_TIMEOUT_MS, maxAnswerBytes: GATE_MAX_ANSWER_BYTES });
  return {
    gateId: efti.gateId,
    platformId: efti.platformId,
    gates: { live: gate(efti.gateUrl), ...(efti.testGateUrl ? { test: gate(efti.testGateUrl) } : {}) },
    listenerUrl: `https://${new URL(publicBaseUrl).hostname}:${efti.platformPort}`,
  };
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  // Before anything is opened: a provider the catalogue does not have stops the start as a bad variable would.
  const providerProblems = providerConfigProblems(config.providers);
  if (providerProblems.length > 0) throw new ConfigError(`invalid configuration:\n  ${providerProblems.join('\n  ')}`);
  const clock = options.clock ?? systemClock;
  const { database, lock } = options.database ? { database: options.database, lock: undefined } : await openDatabase(config);
  // Closed in reverse order: the folder lock is released last, after the database is shut.
  const closers: (() => Promise<void> | void)[] = [() => lock?.release(), () => database.close()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close();
  };
  try {
    // The adapters of optional services are imported only when configured: their client libraries
    // (ioredis, the S3 SDK, nodemailer, prom-client) cost a few hundred ms of CPU to load at every start.
    const prometheus = config.metrics ? new (await import('./adapters/metrics/prometheus.js')).PrometheusMetrics() : undefined;
    const metrics = prometheus ?? noMetrics;
    // Migrated as the owner; from here on the service runs as its own role (docs/deploy.md).
    const schemaVersion = await prepareDatabase(config, database);
    const kv = config.redisUrl ? (await import('./adapters/keyvalue/redis.js')).createRedisKeyValue(config.redisUrl) : createMemoryKeyValue();
    closers.push(() => kv.close());
    const objects = config.s3 ? (await import('./adapters/objects/s3.js')).createS3ObjectStore(config.s3) : createFileSystemObjectStore(join(config.dataDir, 'objects'));
    closers.push(() => objects.close());
    const secrets = await loadServiceSecrets(database.db, clock.now());
    // Organisations from before the audit log get their history written once (migration 0025).
    await backfillAuditLog(database.db);
    const resolver = options.resolver ?? systemResolver();
    const webhookTransport = nodeHttpTransport({ resolver, allowPrivate: config.webhooks.allowPrivateTargets, timeoutMs: ATTEMPT_TIMEOUT_MS, maxAnswerBytes: MAX_ANSWER_BYTES, userAgent: `freight-document-service-webhooks/${API_VERSION}` });
    closers.push(() => webhookTransport.close());
    const outbox = outboxNotifier(database.db, clock);
    const smtp = config.smtpUrl ? (await import('./adapters/notifier/smtp.js')).smtpNotifier(config.smtpUrl, config.mailFrom) : undefined;
    if (smtp) closers.push(() => smtp.close());
    const shown = options.onOutboxMessage && config.environment !== 'production' ? showingOutbox(outbox, options.onOutboxMessage) : outbox;
    const sms = config.sms ? twilioSmsNotifier(config.sms.url, config.sms.from) : shown;
    const notifier = notifierByChannel({ email: smtp ?? shown, sms });
    // Live never falls back to the simulator: without a provider, live ades/qes is qtsp_unavailable.
    const trustServices = { sandbox: sandboxTrustService(secrets.urls, clock), live: config.qtsp ? cscTrustService(config.qtsp) : undefined };
    const sealingKey = await loadSealingKey(database.db, config.seal, clock.now());
    const pool = new WorkerRenderPool({ ...config.render, sealingKey, workerUrl: options.renderWorkerUrl, onError: (e) => options.onError?.(e, 'render thread') });
    const wrapped = options.renderer?.(pool) ?? pool;
    const renderer = metrics.enabled ? measuredRenderer(wrapped, metrics) : wrapped;
    closers.push(() => renderer.close());
    // The same thread budget as rendering: both are the process's CPU work off the event loop.
    const eftiXml = new EftiXmlPool({ threads: config.render.threads });
    closers.push(() => eftiXml.close());
    const efti = config.efti ? eftiPlatform(config.efti, config.publicBaseUrl) : undefined;
    if (efti) closers.push(() => Object.values(efti.gates).forEach((gate) => gate.close()));
    const services: Services = { db: database.db, kv, objects, clock, secrets, resolver, webhookTransport, publicBaseUrl: config.publicBaseUrl, sealingKey, notifier, trustServices, renderer, eftiXml, efti, providers: configuredProviders(config.providers, (id) => catalogueEntry(id)?.adapter) };
    const requestLogs = new RequestLogWriter(database.db, { onError: (e) => options.onError?.(e, 'request-log flush') });
    closers.push(() => requestLogs.close());
    const jobs = new JobRunner(services, new JobRegistry(JOB_DEFINITIONS), schedulesOf({ checkpointIntervalMs: config.checkpoints.intervalMinutes * 60_000 }), { pollIntervalMs: options.jobPollIntervalMs, onError: options.onError, metrics });
    closers.push(() => jobs.loop.stop());
    const deliveries = new DeliveryWorker(services, { pollIntervalMs: options.deliveryPollIntervalMs, onError: options.onError, metrics });
    closers.push(() => deliveries.stop());
    metrics.watch({
      renderQueue: () => pool.waiting,
      databasePool: () => database.poolUse(),
      // The queue is the workers' concern: processes that run none leave it to those that do.
      ...(config.role === 'api' ? {} : { webhookQueue: () => deliveryQueueStats(database.db, clock.now()) }),
    });
    const metricsServer = prometheus && config.metrics ? await (await import('./adapters/metrics/metrics-server.js')).startMetricsServer(prometheus, { ...config.metrics, onError: (e) => options.onError?.(e, 'metrics') }) : undefined;
    if (metricsServer) closers.push(() => metricsServer.close());
    const gateIdentity = efti ? gateIdentityCheck(efti, clock) : undefined;
    // Asked at start, not awaited: a gate that is down must not stop the API; the health check shows it.
    gateIdentity?.().catch((error: unknown) => options.onError?.(error, 'eFTI gate: GET /v0/whoami'));
    let draining = false;
    return {
      config,
      services,
      database,
      jobs,
      deliveries,
      metrics,
      metricsServer,
      schemaVersion,
      authenticator: new ApiKeyAuthenticator(database.db, clock),
      rateLimiter: kv.rateLimiter({ keyPrefix: 'rl:api', points: config.rateLimit.requests, durationS: config.rateLimit.windowS, maxShare: config.rateLimit.share }),
      failedAuthLimiter: kv.rateLimiter({ keyPrefix: 'rl:authfail', points: config.authFailures.limit, durationS: config.authFailures.windowS }),
      requestLogs,
      probes: { database: () => database.ping(), keyvalue: () => kv.ping(), objects: () => objects.ping(), ...(gateIdentity ? { gate: gateIdentity } : {}) },
      wakeDeliveries: () => deliveries.wake(),
      isDraining: () => draining,
      startDraining: () => {
        draining = true;
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
