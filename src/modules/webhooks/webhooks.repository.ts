/** Queries on `webhook_endpoints`, always scoped by organisation and mode; deleted rows are invisible. */
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface WebhookEndpointRow {
  id: string;
  organization_id: string;
  mode: Mode;
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The url was set under WEBHOOK_ALLOW_PRIVATE_TARGETS: only then may a worker reach a private address for it. */
  allow_private_targets: boolean;
  /** Sandbox: the simulation endpoint's `fail_webhooks` is on for it. */
  simulated_failure: boolean;
  /** Sandbox: the test clock its deliveries follow (docs/sandbox-test-clocks.md); null: real time. */
  test_clock_id: string | null;
}

const COLUMNS = ['id', 'organization_id', 'mode', 'url', 'description', 'events', 'active', 'secret', 'previous_secret', 'previous_secret_expires_at', 'created_at', 'updated_at', 'allow_private_targets', 'simulated_failure', 'test_clock_id'] as const;

export async function insertEndpoint(db: Database, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values({ ...row, events: JSON.stringify(row.events), deleted_at: null }).execute();
}

export async function selectEndpoint(db: Database, t: Tenant, id: string): Promise<WebhookEndpointRow | undefined> {
  return (await db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) as WebhookEndpointRow | undefined;
}

/** An endpoint even after deletion, for messages that must tell deleted from inactive. */
export async function selectEndpointIncludingDeleted(db: Database, t: Tenant, id: string): Promise<(WebhookEndpointRow & { deleted_at: Date | null }) | undefined> {
  return (await db
    .selectFrom('webhook_endpoints')
    .select([...COLUMNS, 'deleted_at'])
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst()) as (WebhookEndpointRow & { deleted_at: Date | null }) | undefined;
}

export async function selectEndpoints(db: Database, t: Tenant, page: { after?: string; order: SortOrder; limit: number }): Promise<WebhookEndpointRow[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null);
  query = keysetWindow(query, 'id', page);
  return (await query.execute()) as WebhookEndpointRow[];
}

/** Turns the simulated failure of every endpoint of the tenant on or off; resolves the ids changed or not. */
export async function setSimulatedFailure(db: Database, t: Tenant, failing: boolean, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('webhook_endpoints')
    .set({ simulated_failure: failing, updated_at: now })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}

export type EndpointChanges = Partial<Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'active' | 'secret' | 'previous_secret' | 'previous_secret_expires_at' | 'updated_at' | 'allow_private_targets'>> & {
  deleted_at?: Date;
};

/** Applies changes to a live endpoint; resolves false when there is none. */
export async function updateEndpoint(db: Database, t: Tenant, id: string, changes: EndpointChanges): Promise<boolean> {
  const { events, ...rest } = changes;
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ ...rest, ...(events ? { events: JSON.stringify(events) } : {}) })
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
