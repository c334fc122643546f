/**
 * An inbound provider webhook (docs/providers.md): verified by the provider's
 * own scheme (provider-signature.ts), parsed, taken once by its event id (replay protection: the
 * id is kept, far longer than the signature tolerance), then applied to the shipment whose note it
 * is (apply-provider-event.ts). An event we cannot apply — no hand-over has the note, or our state
 * machine or rules refuse it — is kept for review and answered 2xx, so the provider does not retry
 * forever. Raises `not_found` (provider unknown or taking no webhooks here), `bad_request` and
 * `unauthorized` (signature), `malformed_json` and `bad_request` (body). An unexpected failure
 * gives the event id back before it propagates, so the provider's retry is taken.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { documentValidator } from '../../core/json-validation.js';
import { applyProviderEvent, type Applied } from './apply-provider-event.js';
import { selectHandoverByRef } from './handovers.repository.js';
import { catalogueEntry, type CatalogueEntry } from './provider-catalogue.js';
import { checkProviderSignature } from './provider-signature.js';
import { ProviderEventSchema, type ProviderEvent } from './provider-webhook.schema.js';
import { insertReview, releaseReceipt, takeReceipt } from './provider-webhooks.repository.js';

export interface InboundWebhook {
  providerId: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface WebhookAnswer {
  outcome: 'applied' | 'ignored' | 'duplicate' | 'review';
  review_id?: string;
}

const NEEDS: Record<ProviderEvent['type'], 'status' | 'signature' | 'remark'> = { 'note.status_changed': 'status', 'note.signed': 'signature', 'note.remark_added': 'remark' };

const validateEvent = documentValidator([ProviderEventSchema], 'ProviderEvent');

function parseEvent(body: Buffer): ProviderEvent {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('malformed_json', 'The body is not valid JSON.');
  }
  const errors = validateEvent(value).slice(0, 20);
  if (errors.length > 0) throw new AppError('bad_request', 'The body is not a provider event (docs/providers.md); see errors.', { errors });
  const event = value as ProviderEvent;
  const needed = NEEDS[event.type];
  if (event[needed] === undefined) throw new AppError('bad_request', `A ${event.type} event carries \`${needed}\`.`, { errors: [{ path: `$.${needed}`, code: 'required', message: `Required for ${event.type}.` }] });
  return event;
}

function verified(services: Services, input: InboundWebhook): CatalogueEntry {
  const entry = catalogueEntry(input.providerId);
  const secret = services.providers.webhookSecrets[input.providerId];
  if (!entry?.webhook || !secret) throw new AppError('not_found', `Provider ${input.providerId} sends no webhooks to this deployment.`);
  const refusal = checkProviderSignature(entry.webhook, secret, input.headers, input.body, services.clock.now());
  if (refusal) throw new AppError(refusal.code, refusal.detail);
  return entry;
}

export async function receiveProviderWebhook(services: Services, input: InboundWebhook): Promise<WebhookAnswer> {
  const entry = verified(services, input);
  const event = parseEvent(input.body);
  const now = services.clock.now();
  if (!(await takeReceipt(services.db, entry.id, event.event_id, now))) return { outcome: 'duplicate' };
  try {
    const handover = await selectHandoverByRef(services.db, entry.id, event.ecmr_id);
    const review = async (applied: Exclude<Applied, { outcome: 'applied' | 'ignored' }> | { outcome: 'review'; reason: 'unknown_note'; detail: string }, tenant?: TenantContext) => {
      const id = newId('provider_review', now);
      await insertReview(services.db, {
        id,
        organization_id: tenant?.organizationId ?? null,
        mode: tenant?.mode ?? null,
        shipment_id: handover?.shipment_id ?? null,
        provider_id: entry.id,
        event_id: event.event_id,
        event_type: event.type,
        reason: applied.reason,
        detail: applied.detail,
        payload: event as unknown as Record<string, unknown>,
        received_at: now,
      });
      return { outcome: 'review' as const, review_id: id };
    };
    if (!handover) return await review({ outcome: 'review', reason: 'unknown_note', detail: `No hand-over to ${entry.id} has the note ${event.ecmr_id}.` });
    // The provider is the actor of what its event changes (the shipment's timeline).
    const ctx: TenantContext = { ...services, organizationId: handover.organization_id, mode: handover.mode, requestId: newId('request', now), source: { actor: { type: 'provider', id: entry.id } } };
    const applied = await applyProviderEvent(ctx, entry, handover, event);
    return applied.outcome === 'review' ? await review(applied, ctx) : { outcome: applied.outcome };
  } catch (error) {
    await releaseReceipt(services.db, entry.id, event.event_id);
    throw error;
  }
}
