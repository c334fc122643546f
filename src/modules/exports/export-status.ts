/** The states of an export: written by one job run at a time, then finished for good. */
export const EXPORT_STATUSES = ['running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export interface ExportProgress {
  files: number;
  records: number;
  documents: number;
  documents_total: number;
  bytes: number;
  bytes_total: number;
}

export const NO_PROGRESS: ExportProgress = { files: 0, records: 0, documents: 0, documents_total: 0, bytes: 0, bytes_total: 0 };
