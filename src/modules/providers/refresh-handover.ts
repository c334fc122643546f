/**
 * Asks the provider, now, for the status of the note it holds (a synchronous call): its answer
 * is kept as `provider_status`. Raises `not_found`, `invalid_state` while the hand-over is not
 * `handed_over` (or there is none) (a pending one is the job's), and 502 `provider_unavailable` when the provider does
 * not answer or refuses; nothing changes then.
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { writeAsOneStatement } from '../../ports/database.js';
import { ProviderRefused, type ProviderNote } from '../../ports/ecmr-provider.js';
import { findHandover } from './get-handover.js';
import { handoverView, type HandoverView } from './handover-view.js';
import { updateHandoverWrite } from './handovers.repository.js';

export async function refreshHandover(ctx: TenantContext, shipmentId: string): Promise<HandoverView> {
  const found = await findHandover(ctx, shipmentId);
  const handover = found.row;
  if (handover?.status !== 'handed_over' || !handover.provider_ref) {
    throw new AppError('invalid_state', handover ? `The hand-over of ${found.shipmentId} is ${handover.status}: the provider holds no note to ask about yet.` : `Shipment ${found.shipmentId} was not handed to a provider: its note is held here.`);
  }
  const adapter = ctx.providers.adapters[handover.provider_id];
  if (!adapter) throw new AppError('provider_unavailable', `Provider ${handover.provider_id} is not configured in this deployment any more.`);
  let note: ProviderNote;
  try {
    note = await adapter.noteStatus(handover.provider_ref);
  } catch (error) {
    const why = error instanceof ProviderRefused ? `refused the request (${error.status})` : 'did not answer';
    throw new AppError('provider_unavailable', `Provider ${handover.provider_id} ${why}; try again later.`, { cause: error });
  }
  const now = ctx.clock.now();
  await writeAsOneStatement(ctx.db, [updateHandoverWrite(ctx.db, ctx, handover.id, { provider_status: note.status, updated_at: now })]);
  return handoverView({ ...handover, provider_status: note.status, updated_at: now });
}
