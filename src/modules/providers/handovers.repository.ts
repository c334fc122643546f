/** Queries on `provider_handovers`: by tenant for the API, by the provider's note id for inbound webhooks. */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';
import type { ProviderHandoversTable } from './providers.tables.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type HandoverRow = Selectable<ProviderHandoversTable>;

export function insertHandoverWrite(db: Database, row: HandoverRow): Write {
  return db.insertInto('provider_handovers').values(row);
}

export function updateHandoverWrite(db: Database, t: Tenant, id: string, changes: Partial<Omit<HandoverRow, 'id' | 'organization_id' | 'mode'>>): Write {
  return db.updateTable('provider_handovers').set(changes).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}

export async function selectHandover(db: Database, t: Tenant, id: string): Promise<HandoverRow | undefined> {
  return db.selectFrom('provider_handovers').selectAll().where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).executeTakeFirst();
}

export async function selectShipmentHandover(db: Database, t: Tenant, shipmentId: string): Promise<HandoverRow | undefined> {
  return db.selectFrom('provider_handovers').selectAll().where('shipment_id', '=', shipmentId).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).executeTakeFirst();
}

/** The hand-over the provider knows by `providerRef`, whatever its tenant: the webhook names no tenant, the note does. */
export async function selectHandoverByRef(db: Database, providerId: string, providerRef: string): Promise<HandoverRow | undefined> {
  return db.selectFrom('provider_handovers').selectAll().where('provider_id', '=', providerId).where('provider_ref', '=', providerRef).executeTakeFirst();
}
