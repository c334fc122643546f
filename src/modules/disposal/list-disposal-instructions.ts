/** GET /v1/shipments/{id}/disposal-instructions: a shipment's disposal instructions, newest first unless `order=asc`. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListDisposalInstructionsQuery } from './disposal.schema.js';
import { disposalInstructionView, type DisposalInstructionView } from './disposal-view.js';
import { selectInstructions } from './disposal.repository.js';

export async function listDisposalInstructions(ctx: TenantContext, shipmentId: string, query: ListDisposalInstructionsQuery): Promise<Page<DisposalInstructionView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  return listPage(ctx, `disposal:${shipmentId}`, query, (window) => selectInstructions(ctx.db, ctx, shipmentId, window), disposalInstructionView);
}
