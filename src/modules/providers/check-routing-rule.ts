/**
 * The business rules of a routing rule: `hand_over` names a provider of the
 * catalogue that this deployment configured; `keep` names none. A breach is a finding on
 * `$.provider_id` in 422 `validation_failed`.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import { catalogueEntry } from './provider-catalogue.js';

registerFindingMessages({
  provider_unknown: {
    en: (p) => `No provider ${String(p.provider_id)} in the catalogue (GET /v1/providers).`,
    nl: (p) => `Geen provider ${String(p.provider_id)} in de catalogus (GET /v1/providers).`,
    de: (p) => `Kein Anbieter ${String(p.provider_id)} im Katalog (GET /v1/providers).`,
    fr: (p) => `Aucun fournisseur ${String(p.provider_id)} dans le catalogue (GET /v1/providers).`,
  },
  provider_not_configured: {
    en: (p) => `Provider ${String(p.provider_id)} is not configured in this deployment, so nothing can be handed to it.`,
    nl: (p) => `Provider ${String(p.provider_id)} is in deze installatie niet geconfigureerd, dus er kan niets aan worden overgedragen.`,
    de: (p) => `Der Anbieter ${String(p.provider_id)} ist in dieser Installation nicht konfiguriert; es kann nichts an ihn übergeben werden.`,
    fr: (p) => `Le fournisseur ${String(p.provider_id)} n'est pas configuré dans ce déploiement : rien ne peut lui être confié.`,
  },
  provider_not_for_keep: {
    en: () => 'A rule that keeps the note here names no provider.',
    nl: () => 'Een regel die de vrachtbrief hier houdt, noemt geen provider.',
    de: () => 'Eine Regel, die den Frachtbrief hier behält, nennt keinen Anbieter.',
    fr: () => 'Une règle qui garde la lettre de voiture ici ne nomme aucun fournisseur.',
  },
});

/** Raises `validation_failed` unless the action and provider fit together and the provider can be routed to. */
export function checkRoutingAction(services: Pick<Services, 'providers'>, action: 'keep' | 'hand_over', providerId: string | null): void {
  const errors: Finding[] = [];
  if (action === 'keep' && providerId !== null) errors.push(finding('$.provider_id', 'provider_not_for_keep'));
  if (action === 'hand_over') {
    if (providerId === null) errors.push(finding('$.provider_id', 'required', { field: 'provider_id' }));
    else if (!catalogueEntry(providerId)) errors.push(finding('$.provider_id', 'provider_unknown', { provider_id: providerId }));
    else if (!(providerId in services.providers.adapters)) errors.push(finding('$.provider_id', 'provider_not_configured', { provider_id: providerId }));
  }
  if (errors.length > 0) throw new AppError('validation_failed', 'The routing rule does not validate; see errors.', { errors });
}
