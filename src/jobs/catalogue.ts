/** Every job kind and schedule of the service; the registry refuses duplicates and unhandled schedules. */
import { purgeAuditLogJob } from '../modules/audit-log/purge-audit-log.job.js';
import { purgeEventsJob } from '../modules/events/purge-events.job.js';
import { purgeIdempotencyKeysJob } from '../modules/idempotency/purge-idempotency-keys.job.js';
import { purgeRequestLogsJob } from '../modules/request-logs/purge-request-logs.job.js';
import { purgeWebhookDeliveriesJob } from '../modules/webhooks/purge-webhook-deliveries.job.js';
import { settleDeadLettersJob } from '../modules/webhooks/settle-dead-letters.job.js';
import { emailContactMessageJob } from '../modules/contact/email-contact-message.job.js';
import { purgeConsoleAuthJob } from '../modules/console-auth/purge-console-auth.job.js';
import { purgeContactMessagesJob } from '../modules/contact/purge-contact-messages.job.js';
import { registerDatasetJob } from '../modules/efti/gate/register-dataset.job.js';
import { purgeRetainedPersonalDataJob } from '../modules/privacy/purge-retained-personal-data.job.js';
import { purgeExportsJob } from '../modules/exports/purge-exports.job.js';
import { runExportJob } from '../modules/exports/run-export.job.js';
import { purgeDriverSessionsJob } from '../modules/driver/purge-driver-sessions.job.js';
import { purgeProviderWebhookReceiptsJob } from '../modules/providers/purge-provider-webhook-receipts.job.js';
import { handOverShipmentJob } from '../modules/providers/hand-over-shipment.job.js';
import { createCheckpointsJob } from '../modules/checkpoints/create-checkpoints.job.js';
import type { JobDefinition, Schedule } from './job-definition.js';
import { purgeJobsJob } from './purge-jobs.job.js';

const HOUR = 60 * 60 * 1000;

export const JOB_DEFINITIONS: readonly JobDefinition<unknown>[] = [purgeRequestLogsJob, purgeIdempotencyKeysJob, purgeJobsJob, purgeEventsJob, settleDeadLettersJob, purgeWebhookDeliveriesJob, registerDatasetJob, emailContactMessageJob, purgeContactMessagesJob, purgeAuditLogJob, purgeConsoleAuthJob, purgeRetainedPersonalDataJob, runExportJob, purgeExportsJob, handOverShipmentJob, purgeDriverSessionsJob, purgeProviderWebhookReceiptsJob, createCheckpointsJob];

export const SCHEDULES: readonly Schedule[] = [
  { kind: purgeRequestLogsJob.kind, everyMs: HOUR },
  { kind: purgeIdempotencyKeysJob.kind, everyMs: HOUR },
  { kind: purgeJobsJob.kind, everyMs: 24 * HOUR },
  { kind: purgeEventsJob.kind, everyMs: HOUR },
  { kind: settleDeadLettersJob.kind, everyMs: HOUR },
  { kind: purgeWebhookDeliveriesJob.kind, everyMs: HOUR },
  { kind: purgeContactMessagesJob.kind, everyMs: 24 * HOUR },
  { kind: purgeAuditLogJob.kind, everyMs: 24 * HOUR },
  { kind: purgeConsoleAuthJob.kind, everyMs: HOUR },
  { kind: purgeRetainedPersonalDataJob.kind, everyMs: 24 * HOUR },
  { kind: purgeExportsJob.kind, everyMs: HOUR },
  { kind: purgeDriverSessionsJob.kind, everyMs: HOUR },
  { kind: purgeProviderWebhookReceiptsJob.kind, everyMs: 24 * HOUR },
];

/** Every schedule of this deployment: the fixed ones, and the checkpoints every `checkpointIntervalMs` (0: on demand only). */
export function schedulesOf(options: { checkpointIntervalMs: number }): Schedule[] {
  return [...SCHEDULES, ...(options.checkpointIntervalMs > 0 ? [{ kind: createCheckpointsJob.kind, everyMs: options.checkpointIntervalMs }] : [])];
}
