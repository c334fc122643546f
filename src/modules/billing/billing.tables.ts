/**
 * Row types of the billing module: the Kysely view of its tables, beside the code that queries
 * them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../ports/database-columns.js';

export interface LastInvoice {
  id: string;
  status: 'paid' | 'payment_failed';
  amount: number;
  currency: string;
  at: string;
}

export interface OrganizationBillingTable {
  organization_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  plan: string | null;
  status: string;
  current_period_end: Timestamp | null;
  last_invoice: Json<LastInvoice | null>;
  /** The provider's `created` (Unix seconds) of the last event applied to `status`. */
  state_event_created: ColumnType<string, number, number>;
  updated_at: Timestamp;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  organization_id: string | null;
  outcome: 'applied' | 'ignored';
  received_at: Timestamp;
}
