/**
 * POST /v1/sign/{token}/handoff: at delivery the driver — who signed at pickup through their link,
 * on their phone — hands the phone to the consignee. Their link (used or not, while it lasts) mints
 * a short-lived link for the consignee's role, opened on the same device at once; the new request
 * and the consignee's signature both name the link it came from. As for signature requests, one
 * link per role is live: the new one replaces any pending consignee link, an earlier handoff's or
 * one sent by e-mail or SMS, which then answers 410 `token_rotated`.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement, type AlsoWrite } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { assertChangeable } from '../shipments/shipment-status.js';
import type { OpenSignLink } from './sign-link.js';
import { newSignToken, signLinkUrl } from './sign-link-token.js';
import { insertSignatureRequestWrite, newRequestRow, replacePendingWrite } from './signature-requests.repository.js';
import { selectSignatures } from './signatures.repository.js';

export const HANDOFF_LINK_MS = 15 * 60 * 1000;

/** `link` may be used already (opened with `allowUsed`): the driver hands over after signing. */
/** The handed-over link, opened at once on the device of whoever asked. */
export interface HandoffLink {
  request_id: string;
  url: string;
  expires_at: string;
}

export async function handOff(link: OpenSignLink, alsoWrite?: AlsoWrite<HandoffLink>): Promise<HandoffLink> {
  const { request: from, ctx } = link;
  // A party handed the device signs for themselves and gives it back: never on to another party
  // (the sender at the pickup dock must not open the consignee's page). Only the carrier's own link hands over.
  if (from.role !== 'carrier' || from.channel === 'handoff') throw new AppError('conflict', 'Only the carrier\'s own sign link (the driver\'s) can hand over to the consignee; a party signing on a handed-over device gives it back to the driver.');
  // The handed-over link follows the same test clock as the one it came from.
  return openHandoff(ctx, from.shipment_id, 'consignee', { language: from.language, testClockId: from.test_clock_id, handoffFrom: from.id }, alsoWrite);
}

/** The status a handed-over role signs in, and why not otherwise. */
const HANDOFF_WHEN = {
  consignor: { status: 'issued', why: 'the consignor signs at pickup, while the shipment is issued' },
  consignee: { status: 'in_transit', why: 'the consignee signs at delivery, once the goods are in transit' },
} as const;

/**
 * A handoff link for the consignor (at pickup) or the consignee (at delivery), opened at once on
 * the device of whoever asks: a signer's link (above) or the driver's session (docs/driver.md).
 * `handoffFrom` names the link it came from, when it came from one.
 */
export async function openHandoff(
  ctx: TenantContext,
  shipmentId: string,
  role: 'consignor' | 'consignee',
  options: { language: string; testClockId: string | null; handoffFrom: string | null },
  alsoWrite?: AlsoWrite<HandoffLink>,
): Promise<HandoffLink> {
  const now = ctx.clock.now();
  const { token: newToken, hash } = newSignToken();
  const id = newId('signature_request', now);
  const expiresAt = new Date(now.getTime() + HANDOFF_LINK_MS);
  return withTransaction(ctx.db, async (trx) => {
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    assertChangeable(shipment.id, shipment.status);
    if ((await selectSignatures(trx, ctx, shipment.id)).some((s) => s.role === role)) throw new AppError('already_signed', `Shipment ${shipment.id} is already signed by the ${role}.`);
    if (shipment.status !== HANDOFF_WHEN[role].status) throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: ${HANDOFF_WHEN[role].why}.`);
    await writeAsOneStatement(trx, [replacePendingWrite(trx, shipment.id, role, -1, id, now), insertSignatureRequestWrite(trx, newRequestRow({
      id,
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      test_clock_id: options.testClockId,
      shipment_id: shipment.id,
      role,
      successive_index: -1,
      channel: 'handoff',
      recipient_hash: '',
      recipient_hint: 'in person',
      language: options.language,
      token_hash: hash,
      expires_at: expiresAt,
      created_at: now,
      // The signer signs the handed-over device at platform_auth: no identification on the spot.
      level: 'platform_auth',
      otp_required: false,
      recipient_sealed: null,
      handoff_from: options.handoffFrom,
    }))]);
    return { request_id: id, url: signLinkUrl(ctx.publicBaseUrl, newToken), expires_at: expiresAt.toISOString() };
  }, alsoWrite);
}
