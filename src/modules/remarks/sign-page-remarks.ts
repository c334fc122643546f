/** The remarks the signing page lists for a link: those of its role's phase, oldest first. */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { RemarkPhase } from './remark-rules.js';
import { signRemarkView } from './remark-view.js';
import { selectRemarks } from './remarks.repository.js';

export async function signPageRemarks(db: Database, ctx: TenantContext, shipmentId: string, phase: RemarkPhase): Promise<ReturnType<typeof signRemarkView>[]> {
  return (await selectRemarks(db, ctx, shipmentId, { phase, order: 'asc' })).map(signRemarkView);
}
