/**
 * The process: `npm start` runs the API and the workers together; ROLE=api or ROLE=worker runs one
 * of them (with DATABASE_URL, so they scale apart). SIGTERM drains: in-flight requests finish,
 * workers stop claiming and finish what they hold, buffered request logs are written, and the
 * process exits within 10 seconds whatever happens.
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before the service's modules are imported
 * (hence the dynamic imports below), so its instrumentations see the HTTP server, `pg` and `ioredis`
 * load; no `--import` flag is needed.
 */
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './adapters/database/data-dir-lock.js';
import type { Tracing } from './adapters/tracing/otel-sdk.js';
import type { Runtime } from './runtime.js';
import { MigrationError } from './adapters/database/migrator.js';
import type { OutgoingMessage } from './ports/notifier.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

function welcome(config: Config, sandbox: { organizationId: string; testKey: string; ownerEmail?: string }): string {
  const base = config.publicBaseUrl;
  return [
    '',
    'First start: created a sandbox organisation and a test API key (shown only this once).',
    `  organization: ${sandbox.organizationId}`,
    `  API key:      ${sandbox.testKey}`,
    'Try it:',
    `  curl -H "Authorization: Bearer ${sandbox.testKey}" ${base}/v1/whoami`,
    `  BASE=${base} KEY=${sandbox.testKey} sh examples/quickstart.sh   # a shipment to its invoice, a webhook, a tour`,
    config.webhooks.allowPrivateTargets ? '' : '  (its webhook to a local receiver needs the service started with WEBHOOK_ALLOW_PRIVATE_TARGETS=1, development only)',
    `API reference: ${base}/docs`,
    `Console: ${base}/console${sandbox.ownerEmail ? ` (sign in as ${sandbox.ownerEmail}, this organisation's owner; DEV_OWNER_EMAIL names another)` : ''}`,
    config.smtpUrl ? '' : '  Without SMTP_URL the sign-in mail, link included, is printed here.',
    config.sms ? '' : `  Without SMS_URL a driver's sign-in code for the driver app (${base}/driver) is printed here too.`,
    '',
  ].join('\n');
}

/**
 * Outside production, what the start is doing, as it does it (production has only the structured
 * logs). Times count from the process's own start, as `npm start`'s first lines do (scripts/start.mjs).
 */
function progress(config: Config): (what: string) => void {
  if (config.environment === 'production') return () => undefined;
  return (what) => process.stdout.write(`[start ${(performance.now() / 1000).toFixed(1)} s] ${what}\n`);
}

/** Development without SMTP_URL or SMS_URL: a message kept in the outbox, printed so that its link or code can be used. */
function printMessage(message: OutgoingMessage): void {
  const heading = message.channel === 'sms' ? `SMS kept in the outbox (no SMS_URL), to ${message.to}:` : `Mail kept in the outbox (no SMTP_URL), to ${message.to}: ${message.subject}`;
  process.stdout.write(['', heading, ...message.text.split('\n').map((line) => `  | ${line}`), ''].join('\n'));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const step = progress(config);
  step('loading the service');
  // What is open so far; shutdown closes whatever is set.
  const open: { runtime?: Runtime; app?: FastifyInstance; platform?: FastifyInstance; tracing?: Tracing } = {};

  // Registered before anything opens, so a SIGTERM during start-up also closes what is open.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    setTimeout(() => {
      logger.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    open.runtime?.startDraining();
    try {
      await Promise.all([open.app?.close(), open.platform?.close()]);
      await open.runtime?.close();
      await open.tracing?.shutdown();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.tracing) open.tracing = await (await import('./adapters/tracing/otel-sdk.js')).startTracing();
  const { createRuntime } = await import('./runtime.js');
  const { buildApp } = await import('./app.js');
  const { ensureSandbox } = await import('./modules/organizations/ensure-sandbox.js');

  step(`opening the ${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`} and applying migrations`);
  let runtime: Runtime;
  try {
    runtime = open.runtime = await createRuntime(config, { onError: (err, context) => logger.error({ err, context }, 'background work failed'), onOutboxMessage: printMessage });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof MigrationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
  if (stopping) return;

  step(`database at schema version ${runtime.schemaVersion}; ${config.role === 'worker' ? 'starting the workers' : 'building the app'}`);
  const app = (open.app = config.role === 'worker' ? undefined : await buildApp(runtime));
  if (app) {
    const sandbox = config.environment === 'production' ? undefined : await ensureSandbox(runtime.services, config.devOwnerEmail);
    await app.listen({ port: config.port, host: config.host });
    step(`listening at ${config.publicBaseUrl} (${config.host}:${config.port})`);
    // The gate and federated grantees call the API processes, on a port of their own (mutual TLS).
    if (config.efti) open.platform = await (await import('./platform-listener.js')).startPlatformListener(runtime, config.efti, config.host);
    if (sandbox) process.stdout.write(welcome(config, sandbox));
  }
  if (config.role !== 'api') {
    runtime.jobs.loop.start();
    runtime.deliveries.start();
  }
  logger.info({ role: config.role, environment: config.environment, port: app ? config.port : undefined, platformPort: open.platform ? config.efti?.platformPort : undefined, metricsPort: runtime.metricsServer?.port, tracing: Boolean(open.tracing), database: runtime.database.kind }, 'started');
}

await main();
