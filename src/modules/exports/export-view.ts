/** The export as the API shows it; a completed one with a fresh signed download link. */
import { realClockOf } from '../../core/clock.js';
import type { TenantContext } from '../../core/context.js';
import { signedFileUrl } from '../documents/download-links.js';
import { EXPORT_LINK_SECONDS } from './export-policy.js';
import type { ExportBody } from './export.schema.js';
import type { ExportRow } from './exports.repository.js';

export const EXPORT_FILES_FOLDER = 'exports';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function exportView(ctx: TenantContext, row: ExportRow): ExportBody {
  let link: { url: string; expires_at: string } | null = null;
  if (row.status === 'completed') {
    // Real time even on a sandbox test clock: /files checks it with no clock to read (docs/sandbox-test-clocks.md).
    const expires = Math.floor(realClockOf(ctx.clock).now().getTime() / 1000) + EXPORT_LINK_SECONDS;
    const url = signedFileUrl(ctx.publicBaseUrl, ctx.secrets.urls, EXPORT_FILES_FOLDER, { documentId: row.id, organizationId: row.organization_id, mode: row.mode, expires });
    link = { url, expires_at: new Date(expires * 1000).toISOString() };
  }
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
    failed_at: iso(row.failed_at),
    error: row.error,
    size: row.size,
    sha256: row.sha256,
    download_url: link?.url ?? null,
    download_url_expires_at: link?.expires_at ?? null,
    expires_at: iso(row.expires_at),
  };
}
