/** Lists the tenant's shipment templates, newest first, optionally of one name, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ListShipmentTemplatesQuery } from './shipment-template.schema.js';
import { shipmentTemplateView, type ShipmentTemplateView } from './shipment-template-view.js';
import { selectTemplates } from './shipment-templates.repository.js';

export async function listShipmentTemplates(ctx: TenantContext, query: ListShipmentTemplatesQuery): Promise<Page<ShipmentTemplateView>> {
  return listPage(ctx, 'shipment_templates', query, (window) => selectTemplates(ctx.db, ctx, { name: query.name, ...window }), shipmentTemplateView);
}
