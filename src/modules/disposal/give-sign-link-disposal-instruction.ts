/**
 * POST /v1/sign/{token}/disposal-instructions: the sender or the consignee gives an instruction
 * from its own sign link — the link is how it proves who it is (e-CMR Additional Protocol art.
 * 5(1)(c)). The link may be used already: the sender signs at pickup and keeps its right of
 * disposal until the goods arrive. A link that asks for a one-time password asks for it here too
 * (checked, not used up). The link's role is the instructing party; a carrier's link is refused
 * with `disposal_not_entitled` like any party without the right.
 */
import type { AlsoWrite } from '../../ports/database.js';
import { assertOtpVerified } from '../signatures/one-time-passwords.js';
import type { OpenSignLink } from '../signatures/sign-link.js';
import type { CreateSignLinkDisposalInstruction } from './disposal.schema.js';
import type { DisposalInstructionView } from './disposal-view.js';
import { giveDisposalInstruction } from './give-disposal-instruction.js';

export async function giveSignLinkDisposalInstruction(
  link: OpenSignLink,
  body: CreateSignLinkDisposalInstruction,
  source: { ip?: string; userAgent?: string },
  alsoWrite?: AlsoWrite<DisposalInstructionView>,
): Promise<DisposalInstructionView> {
  const { request, ctx } = link;
  assertOtpVerified(ctx, request, body.otp_verified_token, ctx.clock.now());
  const instruction = { kind: body.kind, delivery: body.delivery, consignee: body.consignee, text: body.text };
  return giveDisposalInstruction(ctx, request.shipment_id, request.role, instruction, { by: 'sign_link', signatureRequestId: request.id, ...source }, alsoWrite);
}
