/** The job that writes an export's zip (docs/export.md); the export fails when its retries run out. */
import { defineJob } from '../../jobs/job-definition.js';
import { EXPORT_RETRY_DELAYS_MS, RUN_EXPORT_JOB } from './export-policy.js';
import { failExport, parseRunExportPayload, runExport, type RunExportPayload } from './run-export.js';

export const runExportJob = defineJob<RunExportPayload>({
  kind: RUN_EXPORT_JOB,
  parse: parseRunExportPayload,
  retryDelaysMs: EXPORT_RETRY_DELAYS_MS,
  handle: runExport,
  onExhausted: (services, payload, error) => failExport(services, payload, `The export could not be written: ${error}`),
});
