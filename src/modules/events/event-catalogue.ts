/**
 * The event catalogue: every event type the service emits, what causes it and the fields of its
 * `data`. It feeds the OpenAPI document (its `webhooks` section) and the `type` filter's docs.
 * `shipment.issued`, `shipment.delivered` and `signature.completed` keep the service description's
 * names; `shipment.*` matches neither `signature.completed` nor `remark.created`. New types may
 * appear without notice; receivers skip types and fields they do not know.
 */
import { DISPOSAL_EVENT_TYPES } from './disposal-event-types.js';
import type { EventField, EventType } from './event-fields.js';

export { subjectFields, type EventField, type EventType } from './event-fields.js';

/** Fields of a transition a provider reported by webhook; absent otherwise. */
const PROVIDER_REPORTED: Record<string, EventField> = {
  provider_id: { type: 'string', description: 'When a provider reported it: the provider (catalogue id).' },
  provider_event_id: { type: 'string', description: "When a provider reported it: the provider's id of its webhook event." },
};

export const EVENT_CATALOGUE = [
  {
    type: 'shipment.created',
    emittedWhen: '`POST /v1/shipments` stored a shipment.',
    fields: {
      reference: { type: 'string', description: "Client's reference, when given." },
      transport_type: { type: 'string', description: 'Derived transport type.' },
      template_id: { type: 'string', description: 'The `stpl_` id of the shipment template it was made from, when `template_id` was sent.' },
    },
  },
  {
    type: 'shipment.updated',
    emittedWhen: '`PATCH /v1/shipments/{id}` changed at least one field.',
    fields: { changed_fields: { type: 'array', description: 'Input fields that changed, such as `driver` or `pickup.instructions`.' } },
  },
  { type: 'shipment.issued', emittedWhen: 'The shipment was issued: its consignment-note fields are frozen.', fields: {} },
  {
    type: 'shipment.in_transit',
    emittedWhen: 'Consignor and carrier signed at pickup: the goods are on their way. Also when the provider the note was handed to reported it picked up (docs/providers.md).',
    fields: PROVIDER_REPORTED,
  },
  {
    type: 'shipment.delivered',
    emittedWhen: 'The consignee signed at delivery (proof of delivery). Also when the provider the note was handed to reported it delivered (docs/providers.md).',
    fields: PROVIDER_REPORTED,
  },
  {
    type: 'shipment.cancelled',
    emittedWhen: '`POST /v1/shipments/{id}/cancel` cancelled a draft or issued shipment.',
    fields: { reason: { type: 'string', description: 'Reason given, when given.' } },
  },
  {
    type: 'shipment.document_added',
    emittedWhen: 'An attachment or photo was uploaded to the shipment (`POST /v1/shipments/{id}/documents`).',
    fields: {
      document_id: { type: 'string', description: 'The `doc_` id.' },
      kind: { type: 'string', description: '`attachment` or `photo`.' },
      sha256: { type: 'string', description: 'SHA-256 of the bytes, lowercase hex: the chain keeps proof of what was uploaded.' },
    },
  },
  {
    type: 'shipment.document_deleted',
    emittedWhen: 'An attachment or photo was deleted while the shipment was open (`DELETE /v1/documents/{id}`).',
    fields: {
      document_id: { type: 'string', description: 'The `doc_` id.' },
      kind: { type: 'string', description: '`attachment` or `photo`.' },
    },
  },
  {
    type: 'signature.completed',
    emittedWhen: 'A party signed the consignment note (signatures area).',
    fields: {
      signature_id: { type: 'string', description: 'The `sig_` id.' },
      role: { type: 'string', description: '`consignor`, `carrier`, `consignee` or `successive_carrier`.' },
      successive_index: { type: 'integer', description: 'For `successive_carrier`: its position in `successive_carriers`, from 0.' },
    },
  },
  {
    type: 'shipment.taken_over',
    emittedWhen: 'A successive carrier signed for the goods and the note (CMR article 34), right after its `signature.completed`: a new leg of the carriage begins.',
    fields: {
      signature_id: { type: 'string', description: 'The successive carrier\'s `sig_` id.' },
      successive_index: { type: 'integer', description: 'Its position in `successive_carriers`, from 0 (box 17 numbers it from 1).' },
      taken_over_at: { type: 'string', description: 'When it took the goods over: the time it signed.' },
      place: { type: 'string', description: 'Where it took the goods over, as given with the signature; null when not given.' },
      remark_ids: { type: 'array', description: 'The reservations it entered at the takeover (phase `takeover`, CMR article 35), oldest first; empty when none.' },
    },
  },
  {
    type: 'remark.created',
    emittedWhen: 'A reservation was made at pickup or delivery (remarks area), through the API or from a sign link; the next consignment-note version prints it.',
    fields: {
      remark_id: { type: 'string', description: 'The `rmk_` id.' },
      phase: { type: 'string', description: '`pickup` (the carrier\'s reservations, box 18), `takeover` (a successive carrier\'s, box 18 under its name) or `delivery` (the consignee\'s).' },
      successive_index: { type: 'integer', description: 'For `takeover`: the successive carrier\'s position in `successive_carriers`, from 0.' },
      type: { type: 'string', description: '`damage`, `shortage`, `delay` or `other`.' },
    },
  },
  ...DISPOSAL_EVENT_TYPES,
  {
    type: 'stop.closed_unsigned',
    emittedWhen:
      'The driver marked the pickup or delivery stop done without the signatures it needs, and said why (`POST /v1/tours/{id}/stops/{position}/complete` with `missing_signatures`); the next consignment-note version and the proof of delivery print it. A pickup closed so takes the goods over (`shipment.in_transit` follows).',
    fields: {
      tour_id: { type: 'string', description: 'The `tour_` id.' },
      position: { type: 'integer', description: 'The stop\'s place in the tour, from 1.' },
      kind: { type: 'string', description: '`pickup` or `delivery`.' },
      missing: { type: 'array', description: 'The roles that did not sign: `carrier`, `consignor` or `consignee`.' },
      reason: { type: 'string', description: '`party_absent`, `signed_on_paper`, `refused_to_sign` or `other`.' },
      text: { type: 'string', description: 'The driver\'s words, when given (required for `other`).' },
      captured_at: { type: 'string', description: 'When the driver closed the stop on the phone (possibly offline); the event\'s own time is when the service received it.' },
    },
  },
  {
    type: 'invoice.issued',
    emittedWhen: 'The e-invoice of a delivered shipment was issued (`POST /v1/shipments/{id}/invoice`): the chain keeps proof of its bytes.',
    fields: {
      invoice_id: { type: 'string', description: 'The `inv_` id.' },
      number: { type: 'string', description: 'The invoice number.' },
      document_id: { type: 'string', description: 'The `doc_` id of the UBL XML.' },
      sha256: { type: 'string', description: 'SHA-256 of the XML, lowercase hex.' },
    },
  },
  {
    type: 'invoice.credited',
    emittedWhen: 'A credit note corrected the shipment\'s issued invoice, whole or in part (`POST /v1/shipments/{id}/invoice/credit-notes`): the chain keeps proof of its bytes.',
    fields: {
      credit_note_id: { type: 'string', description: 'The `crn_` id.' },
      invoice_id: { type: 'string', description: 'The `inv_` id of the invoice corrected.' },
      number: { type: 'string', description: 'The credit note\'s number.' },
      document_id: { type: 'string', description: 'The `doc_` id of the UBL CreditNote XML.' },
      sha256: { type: 'string', description: 'SHA-256 of the XML, lowercase hex.' },
    },
  },
  {
    type: 'shipment.inspected',
    emittedWhen:
      'Someone read the shipment through its inspection link (`GET /v1/inspect/{token}`, the page `/inspect/{token}`), the eFTI gate asked for its dataset, or a federated platform read it; one per row of `GET /v1/shipments/{id}/inspection-views`, refusals on a known link (`token_expired`, `rate_limited`) included. Not part of the event chain: a view changes nothing, so `data` has no `seq`.',
    chained: false,
    fields: {
      view_id: { type: 'string', description: 'The `ivw_` id of the view.' },
      channel: { type: 'string', description: '`json`, `page`, `gate` or `federated`.' },
      outcome: { type: 'string', description: '`ok`, or the code answered (`token_expired`, `rate_limited`…).' },
    },
  },
  {
    type: 'efti.registration_failed',
    emittedWhen: 'The eFTI gate did not take the dataset\'s identifiers after every retry (about 22 hours): `gate_status` is `failed` (docs/efti-gate.md). The next change of an identifier tries again.',
    fields: {
      dataset_id: { type: 'string', description: 'The `datasetId` of the UIL.' },
      gate_url: { type: 'string', description: 'The gate the identifiers were sent to.' },
      error: { type: 'string', description: 'What went wrong on the last attempt: the gate\'s status and answer, or why it could not be reached.' },
    },
  },
  {
    type: 'efti.follow_up_received',
    emittedWhen: 'A competent authority sent a follow-up message on the dataset through its eFTI gate (`POST /v0/consignments/{datasetId}/follow-up` on the platform listener).',
    fields: {
      follow_up_id: { type: 'string', description: 'The `efu_` id of the stored message.' },
      dataset_id: { type: 'string', description: 'The `datasetId` of the UIL.' },
      gate_id: { type: 'string', description: 'The gate that passed the message on.' },
    },
  },
  {
    type: 'delegation.granted',
    emittedWhen: 'A party granted another platform access to the consignment note (`POST /v1/shipments/{id}/delegations`, federated access).',
    fields: {
      delegation_id: { type: 'string', description: 'The `dlg_` id.' },
      on_behalf_of: { type: 'string', description: 'The grantor\'s role: `consignor`, `carrier`, `consignee` or `principal`.' },
      grantee_platform_id: { type: 'string', description: 'The grantee platform.' },
      certificate_sha256: { type: 'string', description: 'SHA-256 thumbprint (base64url) of the certificate the grantee must present.' },
      scope: { type: 'array', description: '`read`, `remarks`.' },
      expires_at: { type: 'string', description: 'End of the access.' },
      note_version: { type: 'integer', description: 'The consignment-note version granted.' },
      evidence_sha256: { type: 'string', description: 'SHA-256 of the evidence JWS (lowercase hex): the chain keeps proof of what was issued.' },
    },
  },
  {
    type: 'delegation.revoked',
    emittedWhen: 'The grantor revoked a delegation (`DELETE /v1/delegations/{id}`): the grantee\'s reads answer 410 `token_revoked` from then on.',
    fields: { delegation_id: { type: 'string', description: 'The `dlg_` id.' } },
  },
  {
    type: 'shipment.routed',
    emittedWhen: 'At issue, a routing rule of the organisation matched the shipment and decided where its note is kept (docs/providers.md). No event when no rule matches: the note stays here.',
    fields: {
      rule_id: { type: 'string', description: 'The `prr_` id of the first matching rule.' },
      rule_name: { type: 'string', description: 'Its name at the time.' },
      action: { type: 'string', description: '`keep` (the note stays here) or `hand_over`.' },
      provider_id: { type: 'string', description: 'With `hand_over`: the provider it goes to.' },
      handover_id: { type: 'string', description: 'With `hand_over`: the `pho_` id of the hand-over (`GET /v1/shipments/{id}/handover`).' },
    },
  },
  {
    type: 'shipment.handed_over',
    emittedWhen: 'The provider a routing rule chose took the note (its API answered it with its own id).',
    fields: {
      handover_id: { type: 'string', description: 'The `pho_` id.' },
      provider_id: { type: 'string', description: 'The provider.' },
      provider_ref: { type: 'string', description: "The provider's id of the note." },
    },
  },
  {
    type: 'shipment.handover_failed',
    emittedWhen: 'The provider refused the note, or did not answer through every retry: the hand-over is `failed` and the note stays here.',
    fields: {
      handover_id: { type: 'string', description: 'The `pho_` id.' },
      provider_id: { type: 'string', description: 'The provider.' },
      error: { type: 'string', description: 'What went wrong on the last attempt.' },
    },
  },
  {
    type: 'tour.created',
    emittedWhen: '`POST /v1/tours` stored a tour (docs/tours.md).',
    subject: 'tour',
    fields: {
      name: { type: 'string', description: 'Name or reference of the run.' },
      date: { type: 'string', description: 'Day of the run, `YYYY-MM-DD`.' },
      shipment_ids: { type: 'array', description: 'The shipments of its stops, in driving order of their first stop.' },
    },
  },
  {
    type: 'tour.updated',
    emittedWhen: '`PATCH /v1/tours/{id}` changed at least one member of a planned or running tour.',
    subject: 'tour',
    fields: { changed_fields: { type: 'array', description: 'Members that changed: `name`, `date`, `driver`, `vehicle`, `stops`.' } },
  },
  {
    type: 'tour.started',
    emittedWhen: 'The first stop of a planned tour was done or skipped: the tour is `in_progress`.',
    subject: 'tour',
    fields: { position: { type: 'integer', description: 'The stop that started it.' } },
  },
  {
    type: 'tour.completed',
    emittedWhen: 'The last pending stop was done or skipped: the tour is `completed`.',
    subject: 'tour',
    fields: {},
  },
  {
    type: 'tour.cancelled',
    emittedWhen: '`POST /v1/tours/{id}/cancel` cancelled a planned or running tour.',
    subject: 'tour',
    fields: { reason: { type: 'string', description: 'Reason given, when given.' } },
  },
  {
    type: 'privacy.erasure_completed',
    emittedWhen: '`POST /v1/privacy/erasures` erased the personal data of a data subject (docs/privacy.md).',
    subject: 'erasure',
    fields: {
      subject_kind: { type: 'string', description: '`email`, `phone`, `name_address` or `party_reference`; never the values.' },
      records_erased: { type: 'integer', description: 'Records whose personal data was replaced.' },
      fields_erased: { type: 'integer', description: 'Field paths replaced in them.' },
      retained: { type: 'integer', description: 'Sealed documents and signature evidence kept under a retention duty, erased after it.' },
    },
  },
  {
    type: 'export.completed',
    emittedWhen: 'The zip of a GDPR export (`POST /v1/exports`) is written and can be downloaded through `GET /v1/exports/{id}` (docs/export.md).',
    subject: 'export',
    fields: {
      size: { type: 'integer', description: 'Bytes of the zip.' },
      sha256: { type: 'string', description: 'SHA-256 of the zip, lowercase hex.' },
    },
  },
  {
    type: 'export.failed',
    emittedWhen: 'A GDPR export could not be written after its retries, or its writer stopped too often; request a new one.',
    subject: 'export',
    fields: { error: { type: 'string', description: 'Why.' } },
  },
  {
    type: 'audit.checkpoint_created',
    emittedWhen:
      'A checkpoint sealed the heads of the organisation\'s audit chain and of the shipment chains that changed since the last one, in this mode: on the schedule (CHECKPOINT_INTERVAL_MINUTES) or `POST /v1/audit-log/checkpoints` (docs/audit-log.md, Checkpoints). Keep `checkpoint`: it proves the chains\' past against a rewrite, even by the database\'s owner.',
    subject: 'checkpoint',
    fields: {
      checkpoint: { type: 'object', description: 'The signed checkpoint, exactly as `GET /v1/audit-log/checkpoints/{id}` answers it: pass it back to `POST /v1/audit-log/integrity` or `verify.mjs --checkpoints`.' },
    },
  },
] as const satisfies readonly EventType[];

export type EventTypeName = (typeof EVENT_CATALOGUE)[number]['type'];

export const EVENT_TYPE_NAMES = EVENT_CATALOGUE.map((e) => e.type) as EventTypeName[];
