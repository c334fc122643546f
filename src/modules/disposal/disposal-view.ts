/** A disposal instruction as the API returns it. */
import { REFUSAL_SOURCES } from './disposal-rules.js';
import type { DisposalInstructionRow } from './disposal.repository.js';

export type DisposalInstructionView = ReturnType<typeof disposalInstructionView>;

export function disposalInstructionView(row: DisposalInstructionRow) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    instructing_party: row.instructing_party,
    kind: row.kind,
    delivery: row.delivery,
    consignee: row.consignee,
    text: row.text,
    status: row.status,
    refusal: row.refusal_reason ? { reason: row.refusal_reason, source: REFUSAL_SOURCES[row.refusal_reason].source, text: row.refusal_text } : null,
    evidence: {
      authenticated_by: row.source,
      api_key_id: row.api_key_id,
      signature_request_id: row.signature_request_id,
      ip: row.ip,
      user_agent: row.user_agent,
      instructed_at: row.created_at.toISOString(),
    },
    event_id: row.event_id,
    decision_event_id: row.decision_event_id,
    rendered_document_id: row.rendered_document_id,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}
