/** Schemas of the providers area: the catalogue's providers, routing rules and a shipment's hand-over. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { TRANSPORT_TYPES } from '../shipments/shipment-input.schema.js';
import { ProviderWebhookSchemeSchema } from './provider-catalogue.js';

const strict = { additionalProperties: false } as const;
const FACT = StringEnum(['yes', 'no', 'unknown'] as const);
export const PROVIDER_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const ProviderSchema = Type.Object(
  {
    id: Type.String({ pattern: PROVIDER_ID_PATTERN, description: 'Catalogue id, such as `olf-ecmr`; PROVIDER_<ID>_* configures it.' }),
    name: Type.String(),
    operator: Type.String({ description: 'Who runs it.' }),
    website: Type.String(),
    configured: Type.Boolean({ description: 'This deployment enabled it (base URL and credentials set): routing rules may hand shipments to it.' }),
    has_adapter: Type.Boolean({ description: 'This build speaks its API. Without an adapter a provider is listed for reference only.' }),
    accepts_webhooks: Type.Boolean({ description: 'Its webhooks are taken at `POST /v1/providers-webhook/{id}` (a scheme is known and PROVIDER_<ID>_WEBHOOK_SECRET is set).' }),
    basis: StringEnum(['published_api', 'declared_by_vendor'] as const, {
      description: '`published_api`: the capabilities are read from its published API description. `declared_by_vendor`: only the vendor\'s own statements; not verified here.',
    }),
    capabilities: Type.Object({
      document_types: Type.Array(Type.String(), { description: 'Documents it holds, such as `ecmr`.' }),
      signature_methods: Type.Array(Type.String(), { description: 'How signatures are given there, in its own words.' }),
      countries: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Countries it serves; null when not restricted or not known.' }),
      benelux_accreditation: FACT,
      efti_certification: FACT,
      api_style: Type.String(),
    }),
    statuses: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), { description: "Its note statuses and the shipment status each moves ours to (null: none)." }),
    webhook: Type.Union([Type.Ref(ProviderWebhookSchemeSchema), Type.Null()]),
    notes: Type.String(),
    sources: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
  },
  { $id: 'Provider', description: 'An eCMR provider of the catalogue (docs/providers.md).' },
);
export const ProviderPageSchema = PageOf(Type.Ref('Provider'), 'ProviderPage');
/** Both lists have a fixed order (catalogue id; evaluation order), so they take no `order`. */
export const OrderedListQuerySchema = Type.Object({ limit: pageQueryProperties.limit, cursor: pageQueryProperties.cursor }, strict);
export type OrderedListQuery = Static<typeof OrderedListQuerySchema>;
export const ProviderParamsSchema = Type.Object({ id: Type.String({ pattern: PROVIDER_ID_PATTERN, maxLength: 60 }) }, strict);

const Countries = (description: string) => Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { minItems: 1, maxItems: 60, uniqueItems: true, description }));
const Identifiers = (description: string) => Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 100, uniqueItems: true, description }));

export const RoutingMatchSchema = Type.Object(
  {
    from_countries: Countries('The pickup country is one of these.'),
    to_countries: Countries('The delivery country is one of these.'),
    consignee_vat_numbers: Identifiers("The consignee's `vat_number` is one of these."),
    carrier_vat_numbers: Identifiers("The carrier's `vat_number` is one of these."),
    transport_types: Type.Optional(Type.Array(StringEnum(TRANSPORT_TYPES), { minItems: 1, uniqueItems: true, description: 'The derived transport type is one of these.' })),
  },
  { ...strict, $id: 'RoutingMatch', description: 'Every condition given must hold; an empty match matches every shipment.' },
);
export type RoutingMatch = Static<typeof RoutingMatchSchema>;

const Action = StringEnum(['keep', 'hand_over'] as const, { description: '`keep`: the note stays here. `hand_over`: it is handed to `provider_id` at issue.' });
const ProviderRef = Type.String({ pattern: PROVIDER_ID_PATTERN, maxLength: 60, description: 'With `hand_over`: a provider of the catalogue this deployment configured.' });
const RuleName = Type.String({ minLength: 1, maxLength: 200 });

export const RoutingRuleInputSchema = Type.Object(
  {
    name: RuleName,
    match: Type.Ref(RoutingMatchSchema),
    action: Action,
    provider_id: Type.Optional(ProviderRef),
    position: Type.Optional(Type.Integer({ minimum: 0, description: 'Where to insert it, from 0; at the end when absent or past it.' })),
  },
  { ...strict, $id: 'RoutingRuleInput' },
);
export type RoutingRuleInput = Static<typeof RoutingRuleInputSchema>;

export const RoutingRulePatchSchema = Type.Object(
  { name: Type.Optional(RuleName), match: Type.Optional(Type.Ref(RoutingMatchSchema)), action: Type.Optional(Action), provider_id: Type.Optional(Type.Union([ProviderRef, Type.Null()])) },
  { ...strict, $id: 'RoutingRulePatch', description: 'The members given replace the rule\'s. Its place changes only through reorder.' },
);
export type RoutingRulePatch = Static<typeof RoutingRulePatchSchema>;

export const RoutingRuleSchema = Type.Object(
  {
    id: Type.String({ description: 'The `prr_` id.' }),
    mode: StringEnum(['test', 'live'] as const),
    position: Type.Integer({ description: 'Order of evaluation, from 0: the first matching rule decides.' }),
    name: Type.String(),
    match: Type.Ref(RoutingMatchSchema),
    action: Action,
    provider_id: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeString(),
    updated_at: DateTimeString(),
  },
  { $id: 'RoutingRule', description: 'One of the organisation\'s ordered routing rules, evaluated when a shipment is issued.' },
);
export const RoutingRuleListSchema = PageOf(Type.Ref('RoutingRule'), 'RoutingRuleList');
export const RoutingRuleParamsSchema = Type.Object({ id: IdString('provider_routing_rule') }, strict);

export const ReorderRoutingRulesSchema = Type.Object(
  { rule_ids: Type.Array(IdString('provider_routing_rule'), { maxItems: 200, uniqueItems: true, description: 'Every rule of the organisation and mode, once, in the new order.' }) },
  { ...strict, $id: 'ReorderRoutingRules' },
);
export type ReorderRoutingRules = Static<typeof ReorderRoutingRulesSchema>;

export const HandoverSchema = Type.Object(
  {
    id: Type.Union([Type.String(), Type.Null()], { description: 'The `pho_` id; null with `none`.' }),
    shipment_id: Type.String(),
    provider_id: Type.Union([Type.String(), Type.Null()]),
    rule_id: Type.Union([Type.String(), Type.Null()], { description: 'The routing rule that decided it.' }),
    status: StringEnum(['none', 'pending', 'handed_over', 'failed'] as const, {
      description: '`none`: no routing rule handed it over at issue (or it is not issued yet); the note is held here. `pending`: queued, retried while the provider does not answer. `handed_over`: the provider holds the note (`provider_ref`). `failed`: the provider refused it, or never answered through every retry.',
    }),
    provider_ref: Type.Union([Type.String(), Type.Null()], { description: "The provider's id of the note." }),
    provider_status: Type.Union([Type.String(), Type.Null()], { description: "The note's status at the provider, in its words, as last heard." }),
    attempts: Type.Integer(),
    last_error: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.Union([DateTimeString(), Type.Null()]),
    updated_at: DateTimeString(),
    handed_over_at: Type.Union([DateTimeString(), Type.Null()]),
  },
  { $id: 'Handover', description: 'The hand-over of a shipment\'s note to another eCMR provider, decided by a routing rule at issue.' },
);
