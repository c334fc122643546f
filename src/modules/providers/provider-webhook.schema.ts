/**
 * The neutral event a provider (or its relay) posts to `POST /v1/providers-webhook/{provider}`
 * (docs/providers.md), and the events kept for review. Statuses, roles and signature records are
 * in the provider's own words; the catalogue maps its statuses onto ours.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { PROVIDER_ID_PATTERN } from './provider.schema.js';

export const PROVIDER_EVENT_TYPES = ['note.status_changed', 'note.signed', 'note.remark_added'] as const;
/** The provider's signature boxes (OLF eCMR `senderSignature`, `carrierSignature`, `consigneeSignature`) → our roles. */
export const PROVIDER_SIGNER_ROLES = { sender: 'consignor', carrier: 'carrier', consignee: 'consignee' } as const;

export const ProviderEventSchema = Type.Object(
  {
    event_id: Type.String({ minLength: 1, maxLength: 200, description: "The provider's id of this event: taken once (a replay answers `duplicate`)." }),
    type: StringEnum(PROVIDER_EVENT_TYPES),
    occurred_at: DateTimeString(),
    ecmr_id: Type.String({ minLength: 1, maxLength: 200, description: "The provider's id of the note (the hand-over's `provider_ref`)." }),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: '`note.status_changed`: the note\'s new status in the provider\'s words, such as `IN_TRANSPORT`.' })),
    signature: Type.Optional(
      Type.Object(
        {
          role: StringEnum(Object.keys(PROVIDER_SIGNER_ROLES) as (keyof typeof PROVIDER_SIGNER_ROLES)[]),
          user_name: Type.String({ minLength: 1, maxLength: 200 }),
          type: Type.Optional(Type.String({ maxLength: 60, description: 'How it was given there, such as `SIGN_ON_GLASS`.' })),
          timestamp: Type.Optional(DateTimeString()),
          data: Type.Optional(Type.String({ maxLength: 200_000, description: "The provider's signature data, kept as evidence." })),
        },
        { additionalProperties: true },
      ),
    ),
    remark: Type.Optional(
      Type.Object(
        {
          phase: StringEnum(['pickup', 'delivery'] as const),
          type: Type.Optional(StringEnum(['damage', 'shortage', 'delay', 'other'] as const)),
          text: Type.String({ minLength: 1, maxLength: 2000 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'ProviderEvent', description: 'One event of a note the provider holds. `status`, `signature` or `remark` is required by `type`.' },
);
export type ProviderEvent = Static<typeof ProviderEventSchema>;

export const ProviderWebhookAnswerSchema = Type.Object(
  {
    outcome: StringEnum(['applied', 'ignored', 'duplicate', 'review'] as const, {
      description: '`applied`: recorded on the shipment. `ignored`: a status with no counterpart of ours, kept on the hand-over. `duplicate`: this event id was taken before. `review`: kept for review (`GET /v1/providers-webhook/reviews`).',
    }),
    review_id: Type.Optional(Type.String()),
  },
  { $id: 'ProviderWebhookAnswer' },
);

export const ProviderWebhookParamsSchema = Type.Object({ provider: Type.String({ pattern: PROVIDER_ID_PATTERN, maxLength: 60 }) }, { additionalProperties: false });

export const ProviderWebhookReviewSchema = Type.Object(
  {
    id: Type.String({ description: 'The `pwr_` id.' }),
    provider_id: Type.String(),
    shipment_id: Type.Union([Type.String(), Type.Null()]),
    event_id: Type.String(),
    event_type: Type.String(),
    reason: StringEnum(['unknown_note', 'impossible_transition', 'refused'] as const, {
      description: '`unknown_note`: no hand-over has the note. `impossible_transition`: our state machine does not allow it now. `refused`: our rules refused it (a signature out of turn, a remark on a final shipment).',
    }),
    detail: Type.String(),
    payload: Type.Object({}, { additionalProperties: true, description: 'The event as received.' }),
    received_at: DateTimeString(),
  },
  { $id: 'ProviderWebhookReview', description: 'An inbound provider event that could not be applied: kept, never dropped.' },
);
export const ProviderWebhookReviewPageSchema = PageOf(Type.Ref('ProviderWebhookReview'), 'ProviderWebhookReviewPage');
export const ListProviderWebhookReviewsQuerySchema = Type.Object({ ...pageQueryProperties }, { additionalProperties: false });
export type ListProviderWebhookReviewsQuery = Static<typeof ListProviderWebhookReviewsQuerySchema>;
