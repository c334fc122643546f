/**
 * Row types of the notifications module: the Kysely view of its tables, beside the code that
 * queries them. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';

export interface NotificationsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  channel: 'sms' | 'email';
  template: string;
  language: string;
  recipient_hash: string;
  recipient_hint: string;
  status: 'sent' | 'not_configured' | 'failed';
  provider_reference: string | null;
  error: string | null;
  shipment_id: string | null;
  signature_request_id: string | null;
  created_at: Timestamp;
}
