/**
 * Queries of the inspect area: the shipment behind an inspection link, and `inspection_views`,
 * scoped by organisation and mode.
 */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import type { InspectionViewsTable } from './inspect.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import { compiledOnce } from '../../ports/compiled-once.js';
import { foldableInsert } from '../../ports/foldable-insert.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type InspectionViewRow = Selectable<InspectionViewsTable>;

/** Folds with the other views of its statement into one INSERT (inspection-views.ts groups them). */
export function insertInspectionViewWrite(db: Database, row: InspectionViewRow): Write {
  return foldableInsert(db, 'inspection_views', [{ ...row, details: JSON.stringify(row.details) }]);
}

export async function selectInspectionViews(db: Database, t: Tenant, shipmentId: string, page: { after?: string; order: SortOrder; limit: number }): Promise<InspectionViewRow[]> {
  let query = db
    .selectFrom('inspection_views')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', page);
  return query.execute();
}

/** What an inspection shows of the current note version and checks against the store. */
export type CurrentNote = Pick<DocumentRow, 'id' | 'version' | 'sha256' | 'object_key' | 'language' | 'created_at' | 'cause_event_id' | 'cause_event_type'>;

/** What is read of a shipment on every inspection: what names the state its kept rows and verdict key on. */
export interface InspectionState {
  /** privacy.repository.ts `erasureCount`, in the same snapshot as the row. */
  erasures: number;
  /** The newest consignment-note version, as recorded now (its SHA-256 is checked on every request); none before issue. */
  note: CurrentNote | undefined;
}

/** The shipment behind an inspection link and its state. */
export interface InspectionTarget extends InspectionState {
  shipment: ShipmentRow;
}

/**
 * The shipment behind an inspection link, in any organisation and mode (the token, 192 random bits
 * and unique, is the only key to it), with its tenant's erasures and its current note: one query,
 * built once (ports/compiled-once.ts): it runs on every inspection request.
 */
const inspectionTargetQuery = compiledOnce(['token'], (db, slots) =>
  db
    .selectFrom('shipments')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('documents')
          .select([
            'documents.id as note_id',
            'documents.version as note_version',
            'documents.sha256 as note_sha256',
            'documents.object_key as note_object_key',
            'documents.language as note_language',
            'documents.created_at as note_created_at',
            'documents.cause_event_id as note_cause_event_id',
            'documents.cause_event_type as note_cause_event_type',
          ])
          .whereRef('documents.shipment_id', '=', 'shipments.id')
          .whereRef('documents.organization_id', '=', 'shipments.organization_id')
          .whereRef('documents.mode', '=', 'shipments.mode')
          .where('documents.kind', '=', 'consignment_note')
          .where('documents.deleted_at', 'is', null)
          .orderBy('documents.version', 'desc')
          .limit(1)
          .as('note'),
      (join) => join.onTrue(),
    )
    .selectAll('shipments')
    .select(['note.note_id', 'note.note_version', 'note.note_sha256', 'note.note_object_key', 'note.note_language', 'note.note_created_at', 'note.note_cause_event_id', 'note.note_cause_event_type'])
    .select((eb) =>
      eb
        .selectFrom('privacy_erasures')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('privacy_erasures.organization_id', '=', 'shipments.organization_id')
        .whereRef('privacy_erasures.mode', '=', 'shipments.mode')
        .as('erasures'),
    )
    .where('shipments.inspection_token', '=', slots.token),
);

export async function selectInspectionTarget(db: Database, token: string): Promise<InspectionTarget | undefined> {
  const [row] = await inspectionTargetQuery(db, { token });
  if (!row) return undefined;
  const { erasures, note_id, note_version, note_sha256, note_object_key, note_language, note_created_at, note_cause_event_id, note_cause_event_type, ...shipment } = row;
  const note =
    note_id === null
      ? undefined
      : { id: note_id, version: note_version!, sha256: note_sha256!, object_key: note_object_key!, language: note_language, created_at: note_created_at!, cause_event_id: note_cause_event_id!, cause_event_type: note_cause_event_type! };
  return { shipment: shipment as unknown as ShipmentRow, erasures: Number(erasures), note };
}
