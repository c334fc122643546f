/** A catalogue entry as the API shows it, with what this deployment enabled of it. */
import type { Services } from '../../core/context.js';
import type { CatalogueEntry } from './provider-catalogue.js';

export function providerView(entry: CatalogueEntry, services: Pick<Services, 'providers'>) {
  return {
    id: entry.id,
    name: entry.name,
    operator: entry.operator,
    website: entry.website,
    configured: entry.id in services.providers.adapters,
    has_adapter: entry.adapter !== null,
    accepts_webhooks: entry.webhook !== null && entry.id in services.providers.webhookSecrets,
    basis: entry.basis,
    capabilities: entry.capabilities,
    statuses: entry.statuses,
    webhook: entry.webhook,
    notes: entry.notes,
    sources: entry.sources,
  };
}

export type ProviderView = ReturnType<typeof providerView>;
