/** The numbers of the export area (docs/export.md), in one place so docs and tests quote them. */

export const RUN_EXPORT_JOB = 'exports.run';

/** A finished export (its zip and its row) is kept this long after it completed or failed, then purged. */
export const EXPORT_RETENTION_DAYS = 7;

/** Download links handed out by `GET /v1/exports/{id}` work this long. */
export const EXPORT_LINK_SECONDS = 15 * 60;

/** A writer reports progress at least this often; one silent for STALE_MS is taken to have died. */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 2 * 60 * 1000;

/** How often an export may be started over after its writer died before it is marked failed. */
export const MAX_RUNS = 3;

/** Retries of a run that failed (the store or database went away), then the export fails. */
export const EXPORT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;

/** Rows read per keyset page: bounded memory whatever the organisation's size. */
export const PAGE_ROWS = 500;

/** Version of the zip's layout (manifest.json `schema_version`); raised when a file's shape changes. */
export const EXPORT_SCHEMA_VERSION = 1;
