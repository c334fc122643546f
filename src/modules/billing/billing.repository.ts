/** Queries on `organization_billing` (one row per organisation) and `billing_events` (event ids seen). */
import type { Selectable } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { OrganizationBillingTable } from './billing.tables.js';
import type { BillingState, BillingStatus } from './billing-state.js';

export interface BillingRow extends BillingState {
  organization_id: string;
  updated_at: Date;
}

/** Records the event id; false when it was recorded before (a replay). */
export async function insertBillingEvent(db: Database, event: { id: string; type: string; organization_id: string | null; outcome: 'applied' | 'ignored'; received_at: Date }): Promise<boolean> {
  const row = await db.insertInto('billing_events').values(event).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function organizationOfCustomer(db: Database, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('organization_billing').select('organization_id').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.organization_id;
}

export async function organizationExists(db: Database, id: string): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function selectBilling(db: Database, organizationId: string): Promise<BillingRow | undefined> {
  const row = await db.selectFrom('organization_billing').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  return row && toBillingRow(row);
}

/**
 * The organisation's row, locked for the rest of the transaction; made (status `none`) if missing,
 * so two first events of one organisation wait on each other instead of both inserting.
 */
export async function lockBilling(db: Database, organizationId: string, now: Date): Promise<BillingRow> {
  await db
    .insertInto('organization_billing')
    .values({ organization_id: organizationId, customer_id: null, subscription_id: null, plan: null, status: 'none', current_period_end: null, last_invoice: 'null', state_event_created: 0, updated_at: now })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  return toBillingRow(await db.selectFrom('organization_billing').selectAll().where('organization_id', '=', organizationId).forUpdate().executeTakeFirstOrThrow());
}

function toBillingRow(row: Selectable<OrganizationBillingTable>): BillingRow {
  return { ...row, status: row.status as BillingStatus, state_event_created: Number(row.state_event_created) };
}

/** Writes the state of a row locked by lockBilling. */
export async function updateBilling(db: Database, organizationId: string, state: BillingState, now: Date): Promise<void> {
  await db
    .updateTable('organization_billing')
    .set({ ...state, last_invoice: JSON.stringify(state.last_invoice), updated_at: now })
    .where('organization_id', '=', organizationId)
    .execute();
}
