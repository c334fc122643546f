/**
 * A change of a shipment that renders a document — issuing (note version 1), a signature, a
 * remark, a stop closed without its signatures (each a new note version) — made render-first
 * (DESIGN, Lifecycle: render, store, then commit in a short transaction that re-checks the head):
 *
 * 1. read the shipment and its chain head (`event_seq`, `head_hash`) without a transaction; the act
 *    checks its rules on that row and reads what its render needs, and its events are chained
 *    from that head;
 * 2. render and seal the PDF in the render pool and put its bytes in the object store, with no
 *    transaction open and no pooled connection held;
 * 3. commit only if its head is unchanged: every change of a shipment (status, signature, remark,
 *    note version, document) appends an event, so an unchanged head means the rules checked and
 *    the PDF rendered still hold. An act with events and nothing else to re-check commits in one
 *    statement whose shipment UPDATE is conditional on the head (`commitInOneStatement`). One that
 *    re-checks what the head does not cover (a sign link revoked meanwhile: `confirm`), or that
 *    chains no event, commits in a short transaction that locks the row and compares its head.
 *
 * A head that moved means another change committed during the render: the act reads and renders
 * again from the new head, so the committed note reflects both changes. After ATTEMPTS tries it
 * answers 409 `conflict` with nothing written; the bytes stored for tries that did not commit are
 * removed. A failed render raises before anything is written (`pdf_render_failed`), so a retry of
 * the request is safe, and its idempotent answer (`alsoWrite`) commits with the change, in its statement.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { GuardMissed, isRolledBackStatement, withTransaction, writeAsOneStatement, writeAsOneStatementIf, type AlsoWrite, type Database, type Write } from '../../ports/database.js';
import type { StoredShipmentEvent } from '../events/events.repository.js';
import type { ShipmentEventSpec } from '../events/record-shipment-events.js';
import { findShipment } from './get-shipment.js';
import { prepareShipmentChange, type PreparedShipmentChange } from './record-shipment-change.js';
import type { ShipmentChanges, ShipmentRow } from './shipments.repository.js';

/** How often an act reads and renders before it gives up with `conflict`. */
export const RENDER_ATTEMPTS = 3;

/**
 * Something read for the render is older than the shipment it is for (a remark that names a photo
 * not read): read everything again and render again, as when the head moved.
 */
export class StaleRead extends Error {
  override name = 'StaleRead';
}

/** What the render produced: writes that commit with the change, the answer, and the object keys it stored. */
export interface Rendered<T> {
  writes: readonly Write[];
  /** Removed again when the change does not commit. */
  stored?: readonly string[];
  answer?: T;
}

/** What an act does to a shipment it read (its rules already checked on that row). */
export interface RenderedChange<T> {
  changes: ShipmentChanges;
  /** The events of the change; none leaves the shipment as it is (it is still locked and its head checked). */
  events: readonly ShipmentEventSpec[];
  /** The slow part, from the row and events as they will commit: render, seal, store. No transaction is open. */
  render(changed: ShipmentRow, events: readonly StoredShipmentEvent[]): Promise<Rendered<T>>;
  /**
   * In the short transaction, the shipment locked and its head unchanged: re-checks what the head
   * does not cover, and may lock and change other rows (a tour); its answer replaces the render's.
   */
  confirm?(trx: Database, rendered: Rendered<T>): Promise<{ writes?: readonly Write[]; answer?: T } | void>;
}

/**
 * Runs `plan` on the shipment as read now, renders and commits its change (see the top of this
 * file); raises what `plan`, the render and `confirm` raise, `not_found`, and `conflict` when the
 * shipment kept changing during RENDER_ATTEMPTS renders.
 */
export async function changeWithRender<T>(ctx: TenantContext, shipmentId: string, now: Date, plan: (shipment: ShipmentRow) => Promise<RenderedChange<T>>, alsoWrite?: AlsoWrite<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptChange(ctx, shipmentId, now, plan, alsoWrite);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt === RENDER_ATTEMPTS) {
        throw new AppError('conflict', `Shipment ${shipmentId} changed while its consignment note was rendered, ${RENDER_ATTEMPTS} times in a row; nothing was changed. Retry the request.`, { cause: error });
      }
    }
  }
}

async function attemptChange<T>(ctx: TenantContext, shipmentId: string, now: Date, plan: (shipment: ShipmentRow) => Promise<RenderedChange<T>>, alsoWrite?: AlsoWrite<T>): Promise<T> {
  const row = await findShipment(ctx.db, ctx, shipmentId);
  const act = await plan(row);
  const prepared = act.events.length > 0 ? prepareShipmentChange(ctx.db, ctx, row, act.changes, act.events, now) : undefined;
  const rendered = await act.render(prepared?.changed ?? row, prepared?.events ?? []);
  if (prepared && act.confirm === undefined) return commitInOneStatement(ctx, row, prepared, rendered, alsoWrite);
  let rolledBack = false;
  try {
    return await withTransaction(
      ctx.db,
      async (trx) => {
        try {
          const locked = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
          if (locked.event_seq !== row.event_seq || locked.head_hash !== row.head_hash) {
            throw new StaleRead(`shipment ${shipmentId} moved from event ${row.event_seq} to ${locked.event_seq} during the render`);
          }
          const confirmed = (await act.confirm?.(trx, rendered)) ?? {};
          const answer = confirmed.answer ?? rendered.answer;
          if (answer === undefined) throw new Error(`the change of shipment ${shipmentId} produced no answer`);
          // The idempotent answer goes in the change's own statement: one round trip fewer while
          // the shipment's row is locked (and, embedded, while the one session is held).
          const writes = [...(prepared?.writes ?? []), ...rendered.writes, ...(confirmed.writes ?? []), ...(alsoWrite?.(trx, answer) ?? [])];
          if (writes.length > 0) await writeAsOneStatement(trx, writes);
          return answer;
        } catch (error) {
          rolledBack = true;
          throw error;
        }
      },
    );
  } catch (error) {
    // Only bytes of a transaction known to roll back are removed; a failed COMMIT may have committed.
    if (rolledBack) await removeStored(ctx, rendered);
    throw error;
  }
}

/**
 * The commit of an act with nothing to re-check beyond the head (no `confirm`) and events to chain:
 * one statement, no transaction, whose first part updates the shipment only while its head is the
 * one read (`writeAsOneStatementIf`). A head that moved writes nothing and reads and renders again.
 * On the embedded database this holds its one session for one statement instead of four (BEGIN,
 * the locking read, the writes, COMMIT), so creates and reads wait less behind issuing.
 */
async function commitInOneStatement<T>(ctx: TenantContext, row: ShipmentRow, prepared: PreparedShipmentChange, rendered: Rendered<T>, alsoWrite?: AlsoWrite<T>): Promise<T> {
  const answer = rendered.answer;
  if (answer === undefined) throw new Error(`the change of shipment ${row.id} produced no answer`);
  try {
    await writeAsOneStatementIf(ctx.db, prepared.guarded.guard, [...prepared.guarded.writes, ...rendered.writes, ...(alsoWrite?.(ctx.db, answer) ?? [])]);
    return answer;
  } catch (error) {
    // A statement the database refused did not commit; a lost connection may have followed a commit.
    if (error instanceof GuardMissed || isRolledBackStatement(error)) await removeStored(ctx, rendered);
    if (error instanceof GuardMissed) throw new StaleRead(`shipment ${row.id} moved from event ${row.event_seq} during the render`);
    throw error;
  }
}

function removeStored(ctx: TenantContext, rendered: Rendered<unknown>): Promise<unknown> {
  return Promise.all((rendered.stored ?? []).map((key) => ctx.objects.delete(key).catch(() => undefined)));
}
