/** The providers this deployment enabled (PROVIDER_<ID>_*), each through the adapter of its API. */
import type { ProviderConfig } from '../../config.js';
import type { EcmrProviders } from '../../ports/ecmr-provider.js';
import { catalogueEntry } from '../../modules/providers/provider-catalogue.js';
import { olfEcmrProvider } from './olf-ecmr.js';

/** How long one call to a provider may take before it counts as not answering. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export function configuredProviders(config: Record<string, ProviderConfig>, timeoutMs = PROVIDER_TIMEOUT_MS): EcmrProviders {
  const providers: EcmrProviders = { adapters: {}, webhookSecrets: {} };
  for (const [id, c] of Object.entries(config)) {
    const adapter = catalogueEntry(id)?.adapter;
    // config.ts lets only providers with an adapter through; this switch is where a new adapter is added.
    if (adapter === 'olf-ecmr') providers.adapters[id] = olfEcmrProvider({ baseUrl: c.baseUrl, token: c.apiKey, groupId: c.account ?? '1', timeoutMs });
    if (c.webhookSecret) providers.webhookSecrets[id] = c.webhookSecret;
  }
  return providers;
}
