/** The remarks the signing page lists for a link: those of its role's phase (a successive carrier: its own takeover), oldest first, with their photos. */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { remarkPhotoFiles, shipmentPhotos } from './remark-photo-files.js';
import type { RemarkScope } from './remark-rules.js';
import { signRemarkView } from './remark-view.js';
import { selectRemarks } from './remarks.repository.js';

/** `token` is the link's: its photos open with it (GET /v1/sign/{token}/photos/{document_id}). */
export async function signPageRemarks(db: Database, ctx: TenantContext, shipmentId: string, scope: RemarkScope, token: string): Promise<ReturnType<typeof signRemarkView>[]> {
  const [remarks, photos] = await Promise.all([selectRemarks(db, ctx, shipmentId, { ...scope, order: 'asc' }), shipmentPhotos(db, ctx, shipmentId)]);
  const url = (id: string) => `${ctx.publicBaseUrl}/v1/sign/${encodeURIComponent(token)}/photos/${id}`;
  return remarks.map((row) => signRemarkView(row, remarkPhotoFiles(row, photos, url)));
}
