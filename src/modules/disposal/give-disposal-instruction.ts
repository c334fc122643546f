/**
 * Records an instruction under the right of disposal (CMR art. 12(1); docs/right-of-disposal.md),
 * for both ways of giving one — an API key acting for the party, or the party's own sign link —
 * once the instructing party is found entitled now (disposal-rules.ts). The instruction and its
 * evidence (who, how authenticated, when, IP and user agent) are stored, and the chained event
 * `shipment.disposal_instructed` carries the SHA-256 of both, so the chain proves what was
 * instructed by whom. Nothing changes on the note until the carrier accepts it
 * (accept-disposal-instruction.ts); no render, so one short transaction.
 */
import { AppError } from '../../core/errors.js';
import { dataSha256 } from '../events/hash-chain.js';
import type { TenantContext } from '../../core/context.js';
import { jsonPath } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { assertEntitled, takesInstructions, type InstructingParty } from './disposal-rules.js';
import type { InstructionInput } from './disposal.schema.js';
import { insertInstructionWrite, selectAcceptedInstructions, type DisposalInstructionRow } from './disposal.repository.js';
import { disposalInstructionView, type DisposalInstructionView } from './disposal-view.js';

/** How the instructing party proved who it is. */
export type InstructionEvidence =
  | { by: 'api_key'; apiKeyId: string; ip?: string; userAgent?: string }
  | { by: 'sign_link'; signatureRequestId: string; ip?: string; userAgent?: string };

/** Which members each kind takes: required, allowed, or refused. */
const MEMBERS: Record<InstructionInput['kind'], { delivery: 'required' | 'optional' | 'none'; consignee: 'required' | 'none' }> = {
  stop: { delivery: 'none', consignee: 'none' },
  change_delivery_place: { delivery: 'required', consignee: 'none' },
  change_consignee: { delivery: 'optional', consignee: 'required' },
  return: { delivery: 'optional', consignee: 'none' },
};

/** Raises `validation_failed` naming each member the kind needs and lacks, or does not take. */
function assertMembers(input: InstructionInput): void {
  const want = MEMBERS[input.kind];
  const errors = (['delivery', 'consignee'] as const).flatMap((member) => {
    const given = input[member] !== undefined;
    if (want[member] === 'required' && !given) return [{ path: jsonPath(member), code: 'required', params: { field: member }, message: `A ${input.kind} instruction needs \`${member}\`.` }];
    if (want[member] === 'none' && given) return [{ path: jsonPath(member), code: 'invalid', message: `A ${input.kind} instruction takes no \`${member}\`.` }];
    return [];
  });
  if (errors.length > 0) throw new AppError('validation_failed', 'The disposal instruction does not validate; see errors.', { errors });
}

/**
 * Raises `not_found`, `validation_failed` (members of the kind), `invalid_state` (a draft, or
 * goods delivered) and `disposal_not_entitled` (naming the rule of CMR art. 12 that refuses).
 */
export async function giveDisposalInstruction(
  ctx: TenantContext,
  shipmentId: string,
  party: InstructingParty,
  input: InstructionInput,
  evidence: InstructionEvidence,
  alsoWrite?: AlsoWrite<DisposalInstructionView>,
): Promise<DisposalInstructionView> {
  const now = ctx.clock.now();
  return withTransaction(
    ctx.db,
    async (trx) => {
      // Another organisation's shipment is not_found whatever the body says, as for an id that names nothing.
      const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
      assertMembers(input);
      const accepted = takesInstructions(shipment.status) ? await selectAcceptedInstructions(trx, ctx, shipment.id) : [];
      const consigneeChanged = accepted.some((a) => a.instructing_party === 'consignee' && a.kind === 'change_consignee');
      const instructing = assertEntitled(shipment, party, input.kind, consigneeChanged);
      const row: DisposalInstructionRow = {
        id: newId('disposal_instruction', now),
        organization_id: ctx.organizationId,
        mode: ctx.mode,
        shipment_id: shipment.id,
        instructing_party: instructing,
        kind: input.kind,
        delivery: (input.delivery as Record<string, unknown> | undefined) ?? null,
        consignee: (input.consignee as Record<string, unknown> | undefined) ?? null,
        text: input.text ?? null,
        source: evidence.by,
        api_key_id: evidence.by === 'api_key' ? evidence.apiKeyId : null,
        signature_request_id: evidence.by === 'sign_link' ? evidence.signatureRequestId : null,
        ip: evidence.ip ?? null,
        user_agent: evidence.userAgent ?? null,
        status: 'instructed',
        refusal_reason: null,
        refusal_text: null,
        event_id: '',
        decision_event_id: null,
        rendered_document_id: null,
        created_at: now,
        decided_at: null,
      };
      const view = disposalInstructionView(row);
      const evidenceSha256 = dataSha256({ instruction: { kind: view.kind, delivery: view.delivery, consignee: view.consignee, text: view.text }, instructing_party: view.instructing_party, evidence: view.evidence });
      const fields = { instruction_id: row.id, kind: row.kind, instructing_party: row.instructing_party, authenticated_by: row.source, evidence_sha256: evidenceSha256 };
      let eventId = '';
      await recordShipmentChange(trx, ctx, shipment, {}, [{ type: 'shipment.disposal_instructed', status: shipment.status, fields }], now, async (_changed, [event]) => {
        eventId = event!.event_id;
        return [insertInstructionWrite(trx, { ...row, event_id: eventId })];
      });
      return disposalInstructionView({ ...row, event_id: eventId });
    },
    alsoWrite,
  );
}
