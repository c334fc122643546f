/** The catalogue of eCMR providers with what this deployment enabled (one page: the catalogue is small). */
import type { Services } from '../../core/context.js';
import type { Page } from '../../core/pagination.js';
import { providerCatalogue } from './provider-catalogue.js';
import { providerView, type ProviderView } from './provider-view.js';

export function listProviders(services: Pick<Services, 'providers'>): Page<ProviderView> {
  return { data: providerCatalogue().map((entry) => providerView(entry, services)), has_more: false, next_cursor: null };
}
