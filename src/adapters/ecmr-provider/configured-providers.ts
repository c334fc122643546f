/** The providers this deployment enabled (PROVIDER_<ID>_*), each through the adapter of its API. */
import type { EcmrProviders, ProviderConfig } from '../../ports/ecmr-provider.js';
import { olfEcmrProvider } from './olf-ecmr.js';

/** How long one call to a provider may take before it counts as not answering. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** `adapterOf` names the adapter of a provider id (its catalogue entry's `adapter`). */
export function configuredProviders(config: Record<string, ProviderConfig>, adapterOf: (id: string) => string | null | undefined, timeoutMs = PROVIDER_TIMEOUT_MS): EcmrProviders {
  const providers: EcmrProviders = { adapters: {}, webhookSecrets: {} };
  for (const [id, c] of Object.entries(config)) {
    // The runtime refuses providers without an adapter first; this switch is where a new adapter is added.
    if (adapterOf(id) === 'olf-ecmr') providers.adapters[id] = olfEcmrProvider({ baseUrl: c.baseUrl, token: c.apiKey, groupId: c.account ?? '1', timeoutMs });
    if (c.webhookSecret) providers.webhookSecrets[id] = c.webhookSecret;
  }
  return providers;
}
