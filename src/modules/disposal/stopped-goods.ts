/**
 * Goods stopped by the right of disposal (CMR article 12(1): "stop the goods in transit"): the
 * latest accepted instruction is a `stop`. They stay stopped until the carrier accepts the next
 * instruction (a new place of delivery, a new consignee, a return), which says what happens to them;
 * meanwhile the driver's app shows "stopped — do not deliver" and a delivery is not completed.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { selectAcceptedInstructions } from './disposal.repository.js';

export interface GoodsStop {
  instruction_id: string;
  /** The instruction's own words (where and how long), as the note prints them in box 13. */
  text: string | null;
  accepted_at: string;
}

export async function goodsStop(db: Database, ctx: TenantContext, shipmentId: string): Promise<GoodsStop | null> {
  const latest = (await selectAcceptedInstructions(db, ctx, shipmentId)).at(-1);
  if (latest?.kind !== 'stop') return null;
  return { instruction_id: latest.id, text: latest.text ?? null, accepted_at: (latest.decided_at ?? latest.created_at).toISOString() };
}

/** 409 `goods_stopped`: a delivery of goods stopped by an accepted instruction. */
export async function assertNotStopped(db: Database, ctx: TenantContext, shipmentId: string, what: string): Promise<void> {
  const stop = await goodsStop(db, ctx, shipmentId);
  if (!stop) return;
  throw new AppError(
    'goods_stopped',
    `The goods of shipment ${shipmentId} are stopped by disposal instruction ${stop.instruction_id}${stop.text ? ` ("${stop.text}")` : ''}: do not deliver them (${what}); await the next instruction.`,
  );
}
