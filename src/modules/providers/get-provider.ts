/** One provider of the catalogue; an id it does not have is `not_found`. */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { catalogueEntry } from './provider-catalogue.js';
import { providerView, type ProviderView } from './provider-view.js';

export function getProvider(services: Pick<Services, 'providers'>, id: string): ProviderView {
  const entry = catalogueEntry(id);
  if (!entry) throw new AppError('not_found', `No provider ${id} in the catalogue.`);
  return providerView(entry, services);
}
