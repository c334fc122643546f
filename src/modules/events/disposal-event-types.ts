/**
 * The events of the right of disposal (docs/right-of-disposal.md; CMR art. 12), chained in the
 * shipment's hash chain like signatures and remarks. Kept apart from the catalogue's own list so
 * the catalogue stays one table to read; event-catalogue.ts spreads them into it.
 */
const INSTRUCTION_ID = { type: 'string', description: 'The `dsp_` id; `GET /v1/shipments/{id}/disposal-instructions` lists it with its evidence.' } as const;
const KIND = { type: 'string', description: '`stop`, `change_delivery_place`, `change_consignee` or `return`.' } as const;

export const DISPOSAL_EVENT_TYPES = [
  {
    type: 'shipment.disposal_instructed',
    emittedWhen: 'The party entitled to dispose of the goods (the sender, or the consignee) gave the carrier an instruction, through its sign link or an API key acting for it; the carrier accepts or refuses it.',
    fields: {
      instruction_id: INSTRUCTION_ID,
      kind: KIND,
      instructing_party: { type: 'string', description: '`consignor` or `consignee`.' },
      authenticated_by: { type: 'string', description: '`api_key` or `sign_link`.' },
      evidence_sha256: {
        type: 'string',
        description: 'SHA-256 of the canonical JSON of the instruction and its evidence (who, how authenticated, when, IP and user agent) as stored: the chain proves them without carrying personal data to webhooks.',
      },
    },
  },
  {
    type: 'shipment.disposal_accepted',
    emittedWhen: 'The carrier accepted a disposal instruction: its place of delivery and consignee are the shipment\'s delivery data now, and the next consignment-note version prints the instruction in box 13.',
    fields: {
      instruction_id: INSTRUCTION_ID,
      kind: KIND,
      changed_fields: { type: 'array', description: 'The shipment fields it changed: `delivery`, `consignee`, and `transport_type` when the new place of delivery makes the carriage international or national (derived again as at create); none for `stop`.' },
    },
  },
  {
    type: 'shipment.disposal_refused',
    emittedWhen: 'The carrier refused a disposal instruction on a ground of CMR article 12(5); the party that gave it is told through this event (art. 12(6)).',
    fields: {
      instruction_id: INSTRUCTION_ID,
      kind: KIND,
      reason: { type: 'string', description: '`impossible`, `interferes_with_operations` or `divides_consignment`.' },
    },
  },
  {
    type: 'shipment.arrived',
    emittedWhen: 'The carrier reported the goods at the place designated for delivery (`POST /v1/shipments/{id}/arrival`): from then on the consignee, not the sender, has the right of disposal.',
    fields: {},
  },
] as const;
