/**
 * What is wrong with the PROVIDER_* configuration against the catalogue: a provider id the
 * catalogue does not have, or one whose API this build has no adapter for. The runtime refuses to
 * start with these (src/runtime.ts), as with any other configuration mistake.
 */
import type { ProviderConfig } from '../../ports/ecmr-provider.js';
import { catalogueEntry, providerCatalogue, providerEnvName } from './provider-catalogue.js';

export function providerConfigProblems(providers: Record<string, ProviderConfig>): string[] {
  const known = providerCatalogue().map((p) => providerEnvName(p.id));
  return Object.keys(providers).flatMap((id) => {
    const entry = catalogueEntry(id);
    if (!entry) return [`PROVIDER_${providerEnvName(id)}_* names no provider of the catalogue (known: ${known.join(', ')})`];
    if (!entry.adapter) return [`PROVIDER_${providerEnvName(id)}_*: provider ${id} has no adapter in this build, so it cannot be enabled`];
    return [];
  });
}
