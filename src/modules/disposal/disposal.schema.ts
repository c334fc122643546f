/**
 * Schemas of the right of disposal (docs/right-of-disposal.md): an instruction and its page, the
 * bodies that give one (an API key acting for a party, or the party's own sign link), the
 * carrier's refusal, and the arrival report.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { PartySchema, StopSchema, type Party, type Stop } from '../shipments/shipment-input.schema.js';
import { DISPOSAL_KINDS, INSTRUCTING_PARTIES, REFUSAL_REASONS } from './disposal-rules.js';

const Kind = StringEnum(DISPOSAL_KINDS, {
  description:
    '`stop`: stop the goods in transit. `change_delivery_place`: deliver at `delivery`. `change_consignee`: deliver to `consignee` (at `delivery` when given). `return`: bring them back to the sender (at `delivery` when given, else the place of taking over). CMR art. 12(1).',
});
const Text = Type.String({ minLength: 1, maxLength: 1000, description: 'The instruction in the party\'s words, printed on the note with it.' });
const Delivery = Type.Ref(StopSchema, { description: 'The new place of delivery (box 3): required for `change_delivery_place`; optional for `change_consignee` and `return`; not for `stop`.' });
const Consignee = Type.Ref(PartySchema, { description: 'The new consignee (box 2): required for `change_consignee`, not for the other kinds.' });
const instructionFields = { kind: Kind, delivery: Type.Optional(Delivery), consignee: Type.Optional(Consignee), text: Type.Optional(Text) };

export const DisposalInstructionSchema = Type.Object(
  {
    id: IdString('disposal_instruction'),
    shipment_id: IdString('shipment'),
    instructing_party: StringEnum(['consignor', 'consignee'] as const, { description: 'Who gave it: the party that held the right of disposal then.' }),
    kind: Kind,
    delivery: Type.Union([Type.Ref(StopSchema), Type.Null()]),
    consignee: Type.Union([Type.Ref(PartySchema), Type.Null()]),
    text: Type.Union([Type.String(), Type.Null()]),
    status: StringEnum(['instructed', 'accepted', 'refused'] as const, { description: '`instructed` until the carrier accepts or refuses it.' }),
    refusal: Type.Union(
      [
        Type.Object({
          reason: StringEnum(REFUSAL_REASONS),
          source: Type.String({ description: 'The article the reason comes from, such as `CMR art. 12(5)(b)`.' }),
          text: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ],
      { description: 'Why the carrier refused it; null otherwise.' },
    ),
    evidence: Type.Object(
      {
        authenticated_by: StringEnum(['api_key', 'sign_link'] as const, { description: '`api_key`: an API key of the organisation acting for the party. `sign_link`: the party\'s own sign link.' }),
        api_key_id: Type.Union([Type.String(), Type.Null()]),
        signature_request_id: Type.Union([IdString('signature_request'), Type.Null()]),
        ip: Type.Union([Type.String(), Type.Null()]),
        user_agent: Type.Union([Type.String(), Type.Null()]),
        instructed_at: DateTimeString(),
      },
      { description: 'Who gave it and how they proved it; its SHA-256 is in the chain event (`evidence_sha256`).' },
    ),
    event_id: Type.String({ description: 'The `shipment.disposal_instructed` event in the shipment\'s chain.' }),
    decision_event_id: Type.Union([Type.String(), Type.Null()], { description: 'The `shipment.disposal_accepted` or `shipment.disposal_refused` event.' }),
    rendered_document_id: Type.Union([IdString('document'), Type.Null()], { description: 'Accepted: the consignment-note version that prints it in box 13.' }),
    created_at: DateTimeString(),
    decided_at: Type.Union([DateTimeString(), Type.Null()]),
  },
  { $id: 'DisposalInstruction', description: 'An instruction under the right of disposal (CMR art. 12) and the carrier\'s answer. Evidence: never changed after the decision.' },
);

export const DisposalInstructionPageSchema = PageOf(Type.Ref(DisposalInstructionSchema), 'DisposalInstructionPage');

export const CreateDisposalInstructionSchema = Type.Object(
  {
    instructing_party: StringEnum(INSTRUCTING_PARTIES, { description: 'The party the API key acts for. Only the party entitled now succeeds (403 `disposal_not_entitled` otherwise).' }),
    ...instructionFields,
  },
  { $id: 'CreateDisposalInstruction', additionalProperties: false },
);
export type CreateDisposalInstruction = Static<typeof CreateDisposalInstructionSchema>;

export const CreateSignLinkDisposalInstructionSchema = Type.Object(
  {
    ...instructionFields,
    otp_verified_token: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Required when the link requires a one-time password (the token of `POST /v1/sign/{token}/otp/verify`); not used up.' })),
  },
  { $id: 'CreateSignLinkDisposalInstruction', additionalProperties: false, description: 'The instructing party is the link\'s role.' },
);
export type CreateSignLinkDisposalInstruction = Static<typeof CreateSignLinkDisposalInstructionSchema>;

export const RefuseDisposalInstructionSchema = Type.Object(
  {
    reason: StringEnum(REFUSAL_REASONS, {
      description:
        'CMR art. 12(5): `impossible` — carrying it out is not possible when it reaches the carrier (b); `interferes_with_operations` — it would interfere with the normal working of the carrier\'s undertaking or prejudice other senders or consignees (b); `divides_consignment` — it would divide the consignment (c).',
    }),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'The carrier\'s explanation.' })),
  },
  { $id: 'RefuseDisposalInstruction', additionalProperties: false },
);
export type RefuseDisposalInstruction = Static<typeof RefuseDisposalInstructionSchema>;

export const DisposalInstructionParamsSchema = Type.Object({ id: IdString('shipment'), instruction_id: IdString('disposal_instruction') }, { additionalProperties: false });

export const ListDisposalInstructionsQuerySchema = Type.Object({ ...pageQueryProperties }, { additionalProperties: false });
export type ListDisposalInstructionsQuery = Static<typeof ListDisposalInstructionsQuerySchema>;

export const ArrivalSchema = Type.Object(
  {
    shipment_id: IdString('shipment'),
    arrived_at: DateTimeString(),
    event_id: Type.String({ description: 'The `shipment.arrived` event.' }),
    entitled_party: StringEnum(['consignor', 'consignee'] as const, { description: 'Who holds the right of disposal now: the consignee.' }),
  },
  { $id: 'Arrival' },
);

/** The instruction as given: typed with the shipment input's own types. */
export interface InstructionInput {
  kind: (typeof DISPOSAL_KINDS)[number];
  delivery?: Stop;
  consignee?: Party;
  text?: string;
}
