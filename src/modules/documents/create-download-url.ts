/** POST /v1/documents/{id}/download-url: a signed link to the document's bytes, valid for a while. */
import { realClockOf } from '../../core/clock.js';
import type { TenantContext } from '../../core/context.js';
import { DEFAULT_LINK_SECONDS } from './document.schema.js';
import { signedDownloadUrl } from './download-links.js';
import { findDocument } from './get-document.js';

export async function createDownloadUrl(ctx: TenantContext, id: string, expiresIn = DEFAULT_LINK_SECONDS): Promise<{ url: string; expires_at: string }> {
  await findDocument(ctx, id);
  // Real time even on a sandbox test clock: /files checks it with no clock to read (docs/sandbox-test-clocks.md).
  const expires = Math.floor(realClockOf(ctx.clock).now().getTime() / 1000) + expiresIn;
  const url = signedDownloadUrl(ctx.publicBaseUrl, ctx.secrets.urls, { documentId: id, organizationId: ctx.organizationId, mode: ctx.mode, expires });
  return { url, expires_at: new Date(expires * 1000).toISOString() };
}
