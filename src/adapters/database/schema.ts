/**
 * The Kysely view of the whole database: `DB` combines the row types each module keeps beside its
 * repository (`<area>.tables.ts`), as migrations/ defines the tables. It holds no table of its own,
 * so a module's columns change in that module.
 */
import type { AuditBackfillPendingTable, AuditChainHeadsTable, AuditLogTable } from '../../modules/audit-log/audit-log.tables.js';
import type { ApiKeysTable } from '../../modules/api-keys/api-keys.tables.js';
import type { ConsoleSessionsTable, MagicLinksTable, MembershipsTable, UsersTable } from '../../modules/console-auth/console-auth.tables.js';
import type { TwoFactorCredentialsTable, TwoFactorRecoveryCodesTable } from '../../modules/console-auth/two-factor/two-factor.tables.js';
import type { InvitationsTable } from '../../modules/members/members.tables.js';
import type { ContactMessagesTable } from '../../modules/contact/contact.tables.js';
import type { DocumentsTable } from '../../modules/documents/documents.tables.js';
import type { EventsTable, ShipmentEventsTable } from '../../modules/events/events.tables.js';
import type { InspectionViewsTable } from '../../modules/inspect/inspect.tables.js';
import type { DelegationsTable } from '../../modules/federated/delegations.tables.js';
import type { IdempotencyKeysTable } from '../../modules/idempotency/idempotency.tables.js';
import type { InvoiceCountersTable, InvoicesTable, InvoicingProfilesTable } from '../../modules/invoices/invoices.tables.js';
import type { NotificationsTable } from '../../modules/notifications/notifications.tables.js';
import type { OrganizationsTable } from '../../modules/organizations/organizations.tables.js';
import type { RemarksTable } from '../../modules/remarks/remarks.tables.js';
import type { RequestLogBatchesTable } from '../../modules/request-logs/request-logs.tables.js';
import type { ShipmentsTable } from '../../modules/shipments/shipments.tables.js';
import type { OtpLocksTable, SignIdentificationsTable } from '../../modules/signatures/sign-steps.tables.js';
import type { SignatureRequestsTable, SignaturesTable } from '../../modules/signatures/signatures.tables.js';
import type { ServiceSecretsTable } from '../../modules/system/system.tables.js';
import type { UsageCountersTable } from '../../modules/usage/usage.tables.js';
import type { WebhookDeadLettersTable, WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable } from '../../modules/webhooks/webhooks.tables.js';
import type { EftiFollowUpsTable, EftiGateDatasetsTable } from '../../modules/efti/gate/gate.tables.js';
import type { TestClocksTable } from '../../modules/test-clocks/test-clocks.tables.js';
import type { ToursTable } from '../../modules/tours/tours.tables.js';
import type { ProviderHandoversTable, ProviderRoutingRulesTable, ProviderWebhookReceiptsTable, ProviderWebhookReviewsTable } from '../../modules/providers/providers.tables.js';
import type { JobsTable } from '../../jobs/jobs.tables.js';
import type { OutboxMessagesTable } from '../notifier/outbox.tables.js';
import type { SchemaMigrationsTable } from './migrator.tables.js';

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
  inspection_views: InspectionViewsTable;
  efti_gate_datasets: EftiGateDatasetsTable;
  efti_follow_ups: EftiFollowUpsTable;
  delegations: DelegationsTable;
  contact_messages: ContactMessagesTable;
  test_clocks: TestClocksTable;
  audit_log: AuditLogTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_backfill_pending: AuditBackfillPendingTable;
  users: UsersTable;
  memberships: MembershipsTable;
  magic_links: MagicLinksTable;
  console_sessions: ConsoleSessionsTable;
  two_factor_credentials: TwoFactorCredentialsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  invitations: InvitationsTable;
  tours: ToursTable;
  provider_routing_rules: ProviderRoutingRulesTable;
  provider_handovers: ProviderHandoversTable;
  provider_webhook_receipts: ProviderWebhookReceiptsTable;
  provider_webhook_reviews: ProviderWebhookReviewsTable;
}
