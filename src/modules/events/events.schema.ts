/** Schemas of events: the envelope the feed and webhooks carry, and the chained view of one shipment. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { EVENT_CATALOGUE } from './event-catalogue.js';

const catalogueTable = EVENT_CATALOGUE.map((e) => `- \`${e.type}\`: ${e.emittedWhen}`).join('\n');

const envelope = {
  id: Type.String({ description: 'The `evt_` id; identical on webhook replays.' }),
  type: Type.String({ description: `Event type. Receivers skip types they do not know. Current catalogue:\n\n${catalogueTable}` }),
  created_at: DateTimeString(),
  mode: StringEnum(['test', 'live'] as const),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'For shipment events: `shipment_id`, `status` (after the event) and `seq` (chain order); for tour events: `tour_id` and `status`; plus the fields of the type.',
  }),
};

export const EventSchema = Type.Object(envelope, { $id: 'Event', description: 'The event envelope, as the feed lists it and as webhooks deliver it.' });

export const ShipmentEventSchema = Type.Object(
  {
    ...envelope,
    seq: Type.Integer({ minimum: 1, description: 'Position in the chain, from 1 without gaps.' }),
    data_sha256: Type.String({ description: 'SHA-256 (hex) of the canonical JSON of `data` (keys sorted, no whitespace).' }),
    hash: Type.String({
      description: 'SHA-256 (hex) of `previous hash\\nseq\\ntype\\ncreated_at\\ndata_sha256`; the first event chains to 64 zeros.',
    }),
    erased: Type.Boolean({ description: 'Personal data in `data` was erased; `data_sha256` is the digest from before.' }),
    actor: Type.Optional(
      Type.Object(
        {
          type: Type.String({
            description:
              '`api_key` (an API call), `user` (a console member), `driver_session` (the driver app), `sign_link` (a signer through a sign link), `provider` (an eCMR provider), `efti_gate` (the eFTI gate), `cli` (the operator command line) or `system` (the service itself: jobs, expiries). Receivers skip types they do not know.',
          }),
          id: Type.Optional(
            Type.String({ description: 'The `key_` id of the API key, the user id, the `drs_` id of the driver session, the `sgr_` id of the sign link\'s signature request, the provider\'s catalogue id, or the gate\'s id.' }),
          ),
          role: Type.Optional(Type.String({ description: '`sign_link`: the role signed for (`consignor`, `carrier`, `consignee`, `successive_carrier`).' })),
        },
        {
          description:
            'Who caused the event, by id only (names are looked up where shown). Not part of `data` nor of `hash`, and not in webhook payloads. Absent on events recorded before the service kept it.',
        },
      ),
    ),
  },
  { $id: 'ShipmentEvent', description: 'An event in the hash chain of one shipment.' },
);

export const EventPageSchema = PageOf(Type.Ref('Event'), 'EventPage');
export const ShipmentEventPageSchema = PageOf(Type.Ref('ShipmentEvent'), 'ShipmentEventPage');

/** `shipment.delivered`, a family wildcard `shipment.*`, or `*`. */
export const EVENT_TYPE_FILTER_PATTERN = '^(\\*|[a-z_]+\\.\\*|[a-z_]+(\\.[a-z_]+)+)$';

export const ListEventsQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    type: Type.Optional(
      Type.String({ pattern: EVENT_TYPE_FILTER_PATTERN, maxLength: 100, description: 'An exact type (`shipment.issued`) or a family wildcard (`shipment.*`).' }),
    ),
    shipment_id: Type.Optional(IdString('shipment')),
    created_gte: Type.Optional(DateTimeString({ description: 'Only events at or after this time.' })),
    created_lt: Type.Optional(DateTimeString({ description: 'Only events before this time.' })),
  },
  { additionalProperties: false },
);
export type ListEventsQuery = Static<typeof ListEventsQuerySchema>;

export const EventParamsSchema = Type.Object({ id: IdString('event') }, { additionalProperties: false });

export interface EventView {
  id: string;
  type: string;
  created_at: string;
  mode: 'test' | 'live';
  data: Record<string, unknown>;
}
