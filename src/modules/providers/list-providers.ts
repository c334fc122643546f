/** The catalogue of eCMR providers with what this deployment enabled, by id. */
import type { TenantContext } from '../../core/context.js';
import type { Page } from '../../core/pagination.js';
import { orderedPage } from './ordered-page.js';
import type { OrderedListQuery } from './provider.schema.js';
import { providerCatalogue } from './provider-catalogue.js';
import { providerView, type ProviderView } from './provider-view.js';

export function listProviders(ctx: TenantContext, query: OrderedListQuery): Page<ProviderView> {
  const all = providerCatalogue().map((entry) => providerView(entry, ctx));
  return orderedPage(ctx, 'providers', query, all, (p) => p.id);
}
