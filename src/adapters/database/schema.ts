/** The Kysely view of every table (the DB interface here; a few table types in schema-*.ts beside it, as migrations/ defines them). */
import type { ColumnType, Generated } from 'kysely';
import type { OtpLocksTable, SignIdentificationsTable, TrustSignature } from './schema-sign.js';
import type { WebhookDeadLettersTable, WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable } from './webhook-tables.js';

export type { DeliveryStatus } from './webhook-tables.js';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json<T> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  live_enabled: boolean;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  key_hash: string;
  hint: string;
  scopes: Json<string[]>;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface RequestLogBatchesTable {
  organization_id: string;
  mode: 'test' | 'live';
  first_id: string;
  last_id: string;
  last_at: Timestamp;
  row_count: number;
  statuses: number[];
  paths: string[];
  api_key_ids: string[];
  entries: Buffer;
}

export interface IdempotencyKeysTable {
  organization_id: string;
  mode: 'test' | 'live';
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  locked_until: Timestamp | null;
  response_status: number | null;
  response_headers: Json<Record<string, string>> | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<unknown>;
  state: 'pending' | 'succeeded' | 'failed';
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: Timestamp | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export type ShipmentStatusColumn = 'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled';

export interface ShipmentsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  status: ShipmentStatusColumn;
  transport_type: 'national' | 'international' | 'cabotage' | 'combined';
  reference: string | null;
  data: Json<Record<string, unknown>>;
  warnings: Json<unknown[]>;
  cancellation_reason: string | null;
  event_seq: number;
  head_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  issued_at: Timestamp | null;
  picked_up_at: Timestamp | null;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** Behind the inspection link on the note; made when the shipment is issued. */
  inspection_token: string | null;
}

export interface ShipmentEventsTable {
  shipment_id: string;
  seq: number;
  event_id: string;
  organization_id: string;
  mode: 'test' | 'live';
  type: string;
  created_at: Timestamp;
  data: Json<Record<string, unknown>>;
  data_sha256: string;
  hash: string;
  erased_at: Timestamp | null;
}

export interface EventsTable {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  type: string;
  shipment_id: string | null;
  created_at: Timestamp;
  data: Json<Record<string, unknown>>;
}

export interface UsageCountersTable {
  organization_id: string;
  mode: 'test' | 'live';
  day: string;
  metric: string;
  shard: number;
  value: ColumnType<string, number, number>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Timestamp;
}

export type DocumentKind = 'consignment_note' | 'attachment' | 'photo' | 'pod' | 'invoice';

/** The columns of every row a shipment owns (documents, signatures, sign links, remarks). */
interface ShipmentOwned {
  id: string;
  organization_id: string;
  mode: 'test' | 'live';
  shipment_id: string;
}

type SignatureRoleColumn = 'consignor' | 'carrier' | 'consignee' | 'successive_carrier';

export interface DocumentsTable extends ShipmentOwned {
  kind: DocumentKind;
  version: number;
  content_type: string;
  size: number;
  sha256: string;
  filename: string | null;
  object_key: string;
  cause_event_id: string;
  cause_event_type: string;
  /** Language of the printed labels (consignment notes). */
  language: string | null;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface SignaturesTable extends ShipmentOwned {
  role: SignatureRoleColumn;
  /** -1 unless the role is `successive_carrier`. */
  successive_index: number;
  phase: 'pickup' | 'delivery';
  method: 'drawn' | 'typed' | 'platform' | 'trust_service';
  level: 'platform_auth' | 'ades' | 'qes';
  signer_name: string;
  document_id: string;
  document_sha256: string;
  signed_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  location: Json<{ lat: number; lng: number; accuracy_m?: number }> | null;
  otp_reference: string | null;
  identification_reference: string | null;
  image_object_key: string | null;
  event_id: string;
  rendered_document_id: string;
  /** The sign link it was given through, if any, and the link that link was handed off from. */
  signature_request_id: string | null;
  handoff_from: string | null;
  /** The trust service's signature over `document_sha256` (method `trust_service`). */
  trust_signature: Json<TrustSignature> | null;
}

export interface SignatureRequestsTable extends ShipmentOwned {
  role: SignatureRoleColumn;
  successive_index: number;
  /** `handoff`: minted on a signer's device for the next signer, sent by no channel. */
  channel: 'sms' | 'email' | 'handoff';
  recipient_hash: string;
  recipient_hint: string;
  language: string;
  level: 'platform_auth' | 'ades' | 'qes';
  status: 'pending' | 'completed' | 'revoked' | 'replaced';
  token_hash: string;
  expires_at: Timestamp;
  replaced_by: string | null;
  signature_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  otp_required: Generated<boolean>;
  recipient_sealed: string | null;
  otp_code_hash: string | null;
  otp_code_expires_at: Timestamp | null;
  otp_token_hash: string | null;
  otp_token_expires_at: Timestamp | null;
  /** The link whose holder minted this one (a handoff). */
  handoff_from: string | null;
}

export interface RemarksTable extends ShipmentOwned {
  phase: 'pickup' | 'delivery';
  type: 'damage' | 'shortage' | 'delay' | 'other';
  text: string | null;
  photo_document_ids: string[];
  source: 'api' | 'sign_link';
  /** The signer's role and link, for a remark made from a sign link. */
  role: SignatureRoleColumn | null;
  signature_request_id: string | null;
  event_id: string;
  rendered_document_id: string;
  created_at: Timestamp;
}

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

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

export interface InvoicingProfilesTable {
  organization_id: string;
  mode: 'test' | 'live';
  profile: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface InvoiceCountersTable {
  organization_id: string;
  mode: 'test' | 'live';
  last_number: number;
}

export interface InvoicesTable extends ShipmentOwned {
  seq: number;
  number: string;
  document_id: string;
  summary: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface DB {
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  request_log_batches: RequestLogBatchesTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  service_secrets: ServiceSecretsTable;
  schema_migrations: SchemaMigrationsTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  events: EventsTable;
  usage_counters: UsageCountersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  webhook_dead_letters: WebhookDeadLettersTable;
  documents: DocumentsTable;
  signatures: SignaturesTable;
  signature_requests: SignatureRequestsTable;
  notifications: NotificationsTable;
  outbox_messages: OutboxMessagesTable;
  otp_locks: OtpLocksTable;
  sign_identifications: SignIdentificationsTable;
  remarks: RemarksTable;
  invoicing_profiles: InvoicingProfilesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
}
