/**
 * The process: `npm start` runs the API and the workers together; ROLE=api or ROLE=worker runs one
 * of them (with DATABASE_URL, so they scale apart). SIGTERM drains: in-flight requests finish,
 * workers stop claiming and finish what they hold, buffered request logs are written, and the
 * process exits within 10 seconds whatever happens.
 */
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './adapters/database/data-dir-lock.js';
import { MigrationError } from './adapters/database/migrator.js';
import { ensureSandbox } from './modules/organizations/ensure-sandbox.js';
import { createRuntime, type Runtime } from './runtime.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

function welcome(config: Config, sandbox: { organizationId: string; testKey: string }): string {
  const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  return [
    '',
    'First start: created a sandbox organisation and a test API key (shown only this once).',
    `  organization: ${sandbox.organizationId}`,
    `  API key:      ${sandbox.testKey}`,
    'Try it:',
    `  curl -H "Authorization: Bearer ${sandbox.testKey}" ${base}/v1/whoami`,
    `API reference: ${base}/docs`,
    '',
  ].join('\n');
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
  // What is open so far; shutdown closes whatever is set.
  const open: { runtime?: Runtime; app?: Awaited<ReturnType<typeof buildApp>> } = {};

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
      await open.app?.close();
      await open.runtime?.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let runtime: Runtime;
  try {
    runtime = open.runtime = await createRuntime(config, { onError: (err, context) => logger.error({ err, context }, 'background work failed') });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof MigrationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
  if (stopping) return;

  const app = (open.app = config.role === 'worker' ? undefined : await buildApp(runtime));
  if (app) {
    const sandbox = config.environment === 'production' ? undefined : await ensureSandbox(runtime.services);
    await app.listen({ port: config.port, host: config.host });
    if (sandbox) process.stdout.write(welcome(config, sandbox));
  }
  if (config.role !== 'api') {
    runtime.jobs.loop.start();
    runtime.deliveries.start();
  }
  logger.info({ role: config.role, environment: config.environment, port: app ? config.port : undefined, database: runtime.database.kind }, 'started');
}

await main();
