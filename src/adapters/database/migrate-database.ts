/**
 * Migrating the database of a configuration as its owner, and running the service as the role that
 * owns nothing (docs/deploy.md, "Two database roles"):
 *  - PostgreSQL with MIGRATION_DATABASE_URL: the owner's own short-lived connection migrates and
 *    grants the service role (DATABASE_URL's) its rights;
 *  - PostgreSQL with DATABASE_URL alone: that one role does both (development only);
 *  - the embedded PGlite: its one session belongs to PGlite's superuser, which migrates, makes the
 *    role `fds_service` and grants it the same rights; the session then runs as that role
 *    (`actAsService`), so the service's own statements are refused as on PostgreSQL.
 */
import type { DatabaseHandle } from '../../ports/database.js';
import { checkSchemaCurrent, migrate } from './migrator.js';
import { openPostgres } from './postgres.js';

/** The role the embedded database's session runs as once migrated. */
export const EMBEDDED_SERVICE_ROLE = 'fds_service';

export interface DatabaseRoles {
  migrationDatabaseUrl?: string;
  serviceRole?: string;
}

/** Applies pending migrations as the owner and grants the service role its rights; returns the schema version. */
export async function migrateDatabase(config: DatabaseRoles, database: DatabaseHandle): Promise<number> {
  if (database.kind === 'pglite') {
    await database.actAs?.(null);
    return migrate(database.db, undefined, { serviceRole: EMBEDDED_SERVICE_ROLE, createServiceRole: true });
  }
  if (!config.migrationDatabaseUrl) return migrate(database.db);
  const owner = openPostgres(config.migrationDatabaseUrl, { poolSize: 1 });
  try {
    return await migrate(owner.db, undefined, { serviceRole: config.serviceRole });
  } finally {
    await owner.close();
  }
}

/** Migrates (`migrateOnStart`) or checks the schema is current, then leaves `database` acting as the service role. */
export async function prepareDatabase(config: DatabaseRoles & { migrateOnStart: boolean }, database: DatabaseHandle): Promise<number> {
  const version = config.migrateOnStart ? await migrateDatabase(config, database) : await checkSchemaCurrent(database.db);
  await actAsService(database);
  return version;
}

/** The embedded database's session runs as the service role from here on; a no-op on PostgreSQL, whose URL is the service's. */
export async function actAsService(database: DatabaseHandle): Promise<void> {
  await database.actAs?.(EMBEDDED_SERVICE_ROLE);
}
