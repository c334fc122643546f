/**
 * Operator command line. It reads the same environment variables as the server. With the embedded
 * database (no DATABASE_URL) it can only run while the server is stopped, since one process at a
 * time may open DATA_DIR. With --json it prints exactly one JSON object on stdout; logs and errors
 * go to stderr.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { systemClock } from '../core/clock.js';
import { isAppError } from '../core/errors.js';
import { MODES, type Mode } from '../core/mode.js';
import { DataDirLockedError } from '../adapters/database/data-dir-lock.js';
import { actAsService, migrateDatabase } from '../adapters/database/migrate-database.js';
import { MigrationError, schemaVersion } from '../adapters/database/migrator.js';
import { openDatabase } from '../adapters/database/open-database.js';
import { bootstrapOrganization } from '../modules/organizations/bootstrap-organization.js';
import { createApiKey } from '../modules/api-keys/create-api-key.js';
import { revokeApiKey } from '../modules/api-keys/revoke-api-key.js';
import { createOrganization } from '../modules/organizations/create-organization.js';
import { setLiveEnabled } from '../modules/organizations/set-live-enabled.js';
import type { Services } from '../core/context.js';
import { CLI_SOURCE } from './cli-source.js';

export const HELP = `Usage: npm run --silent cli -- <command> [options]

Commands:
  migrate [--json]                       Apply pending database migrations and print the schema
                                         version (\`npm run migrate\`).
  bootstrap [--json]                     Create (or reuse) an organisation cleared for live, with a new
                                         test and live key with every scope.
  org create --name NAME [--json]        Create an organisation (not cleared for live).
  org live-enabled ORG true|false        Clear an organisation for live mode, or withdraw it.
  keys create --org ORG --mode test|live [--scopes a,b] [--json]
                                         Create an API key; without --scopes it has every scope.
  keys revoke KEY_ID                     Revoke a key (running servers stop accepting it within 5 s).

The CLI reads the server's environment variables (DATABASE_URL, DATA_DIR, …). With the embedded
database (no DATABASE_URL) run it while the server is stopped: one process at a time may open DATA_DIR.
With --json, exactly one JSON object is printed on stdout.
`;

class UsageError extends Error {}

type Db = Pick<Services, 'db' | 'clock'>;

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`missing ${what}`);
  return value;
}

const COMMANDS = ['migrate', 'bootstrap', 'org create', 'org live-enabled', 'keys create', 'keys revoke'];

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, org: { type: 'string' }, mode: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } },
  });
  const [group, verb, ...rest] = positionals;
  const command = group === 'migrate' || group === 'bootstrap' ? group : [group, verb].filter(Boolean).join(' ');
  return { values, rest, command };
}

/**
 * What can be refused without the database is refused before it is opened: opening and migrating
 * the embedded one takes seconds, and a mistyped command should not wait for it.
 */
function checkUsage(args: string[]): void {
  const { values, rest, command } = parse(args);
  if (!COMMANDS.includes(command)) throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
  if (command === 'org live-enabled' && rest[1] !== 'true' && rest[1] !== 'false') throw new UsageError('org live-enabled takes ORG and true or false');
  if (command === 'keys create' && !MODES.includes(need(values.mode, '--mode') as Mode)) throw new UsageError('--mode must be test or live');
}

async function run(args: string[], services: Db): Promise<{ json: unknown; text: string }> {
  const { values, rest, command } = parse(args);
  // Every command migrates first (main below); this one stops there.
  if (command === 'migrate') {
    const version = await schemaVersion(services.db);
    return { json: { schema_version: version }, text: `schema version ${version}` };
  }
  if (command === 'bootstrap') {
    const result = await bootstrapOrganization(services, CLI_SOURCE);
    return { json: result, text: `organization ${result.organization_id}\ntest key ${result.test_key}\nlive key ${result.live_key}` };
  }
  if (command === 'org create') {
    const org = await createOrganization(services, { name: need(values.name, '--name') });
    return { json: { organization_id: org.id }, text: `organization ${org.id}` };
  }
  if (command === 'org live-enabled') {
    const [org, flag] = rest;
    if (flag !== 'true' && flag !== 'false') throw new UsageError('org live-enabled takes ORG and true or false');
    await setLiveEnabled(services, need(org, 'ORG'), flag === 'true', CLI_SOURCE);
    return { json: { organization_id: org, live_enabled: flag === 'true' }, text: `organization ${org} live_enabled=${flag}` };
  }
  if (command === 'keys create') {
    const mode = need(values.mode, '--mode') as Mode;
    if (!MODES.includes(mode)) throw new UsageError('--mode must be test or live');
    const scopes = values.scopes?.split(',').map((s) => s.trim()).filter(Boolean);
    const key = await createApiKey(services, { organizationId: need(values.org, '--org'), mode, scopes }, CLI_SOURCE);
    return { json: { key: key.key, id: key.id }, text: `key ${key.key}\nid ${key.id}` };
  }
  if (command === 'keys revoke') {
    const id = need(rest[0], 'KEY_ID');
    await revokeApiKey(services, id, CLI_SOURCE);
    return { json: { id, revoked: true }, text: `revoked ${id}` };
  }
  throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    process.stdout.write(HELP);
    return argv.length === 0 ? 2 : 0;
  }
  try {
    checkUsage(argv);
  } catch (error) {
    // parseArgs refuses an unknown option or a missing value with ERR_PARSE_ARGS_… errors.
    if (!(error instanceof UsageError) && !String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw error;
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  let database;
  let config;
  try {
    config = loadConfig();
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(config, database.database);
    await actAsService(database.database);
    const { json, text } = await run(argv, { db: database.database.db, clock: systemClock });
    process.stdout.write(argv.includes('--json') ? `${JSON.stringify(json)}\n` : `${text}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${HELP}`);
      return 2;
    }
    if (isAppError(error)) {
      process.stderr.write(`${error.code}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof MigrationError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.database.close();
    database.lock?.release();
  }
}

process.exitCode = await main(process.argv.slice(2));
