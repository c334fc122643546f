/**
 * POST /v1/sign/{token}/remarks: the signer makes a reservation from the signing page, before
 * signing. The phase is their role's (consignor and carrier at pickup, a successive carrier at its
 * takeover, the consignee at delivery);
 * the link must still be pending (the token errors of sign-link.ts otherwise), and the remark names
 * the link's role and request. A link that asks for a one-time password asks for it here too: a
 * reservation goes on the legal note, so it takes the same proof of who holds the link as the
 * signature (the verified token is checked, not used up). Photos from the phone's camera pass the
 * driver's checks and are stored as the shipment's photo documents first (remark-photo-uploads.ts),
 * then named by the remark. Otherwise it is a remark like any other (create-remark.ts).
 */
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { assertOtpVerified } from '../signatures/one-time-passwords.js';
import type { OpenSignLink } from '../signatures/sign-link.js';
import { findShipment } from '../shipments/get-shipment.js';
import { createRemark } from './create-remark.js';
import { assertRemarkable, remarkScopeOf } from './remark-rules.js';
import { uploadRemarkPhotos } from './remark-photo-uploads.js';
import type { RemarkView } from './remark-view.js';
import type { CreateSignLinkRemark } from './remark.schema.js';

export async function createSignLinkRemark(link: OpenSignLink, body: CreateSignLinkRemark, language: Language, alsoWrite?: AlsoWrite<RemarkView>): Promise<RemarkView> {
  const { request, ctx } = link;
  assertOtpVerified(ctx, request, body.otp_verified_token, ctx.clock.now());
  const scope = remarkScopeOf(request);
  // Judged before any photo is stored, so a remark the status refuses leaves no photos behind.
  if (body.photos?.length) assertRemarkable(await findShipment(ctx.db, ctx, request.shipment_id), scope.phase);
  const photoIds = await uploadRemarkPhotos(ctx, request.shipment_id, body.photos ?? []);
  return createRemark(ctx, request.shipment_id, { ...scope, type: body.type, text: body.text, photo_document_ids: photoIds, link: { role: request.role, signatureRequestId: request.id } }, language, alsoWrite);
}
