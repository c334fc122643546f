/**
 * Records a signature of the consignment note, for every way of signing (the API for an
 * authenticated party now; sign links later): checks the role may sign now, keeps the evidence —
 * the id and SHA-256 of the exact version the signer saw, time, IP, user agent, location — emits
 * `signature.completed`, moves the shipment on when the signature completes a phase (consignor and
 * carrier: `in_transit`; consignee: `delivered`, with `shipment.delivered`), and renders the next
 * version of the note with the signature in its box (and every remark made so far). All of it
 * commits together or not at all, render-first (DESIGN, Lifecycle: render, store, then commit in a
 * short transaction that re-checks the head; shipments/change-with-render.ts): the rules are
 * checked on the shipment and signatures as read, the note renders with no transaction open, and
 * the commit finds the head unchanged and the sign link still pending, or reads and renders again.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { assertPixelLimit, SIGNATURE_IMAGE_LIMIT } from '../../core/image-limits.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite, Database } from '../../ports/database.js';
import { consignmentNoteVersion, noteLanguage } from '../documents/consignment-note-version.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { changeWithRender } from '../shipments/change-with-render.js';
import { TRANSITIONS } from '../shipments/shipment-status.js';
import { storageWrite, usageWrite } from '../usage/record-usage.js';
import { noteReservations } from '../remarks/note-reservations.js';
import { readPhotoEvidence } from '../remarks/photo-evidence.js';
import { takeoverRemarkIds } from '../remarks/takeover-remarks.js';
import { noteSignatures } from './note-signatures.js';
import { takeoverEvent } from './takeover-event.js';
import { assertMaySign, assertSignatureMayChange, PHASE_OF, statusAfter, type SignatureRole } from './signature-rules.js';
import { signatureView, type SignatureView } from './signature-view.js';
import { assertLinkStanding } from './sign-link.js';
import { selectSignatureRequest, setRequestStatusWrite } from './signature-requests.repository.js';
import { useIdentificationWrite } from './identifications.repository.js';
import type { TrustSignature } from './sign-steps.tables.js';
import type { ProviderEvidence } from './signatures.tables.js';
import { insertSignatureWrite, selectSignatures, type SignatureRow } from './signatures.repository.js';

export interface NewSignature {
  role: SignatureRole;
  /** Position in `successive_carriers` (from 0), for a successive carrier. */
  successive_index?: number;
  signer_name: string;
  method: SignatureRow['method'];
  level: SignatureRow['level'];
  evidence: {
    ip: string | null;
    user_agent: string | null;
    location?: { lat: number; lng: number; accuracy_m?: number };
    otp_reference?: string;
    identification_reference?: string;
    /** The trust service's signature over the SHA-256 of the version shown. */
    trust_signature?: TrustSignature;
    /** When the signer signed on the device, if it reached the service later (the driver's offline queue). */
    captured_at?: Date;
  };
  /** A successive carrier's: where it takes the goods over (printed in box 17 with the time). */
  place?: string;
  /** The drawn signature, PNG. */
  image_png?: Buffer;
  /** The version the signer was shown; a newer one by now is a `conflict` (stale view). */
  shown?: { document_id: string; sha256: string };
  /** The sign link used: marked `completed` in the same transaction. */
  signatureRequestId?: string;
  /** The link whose holder handed the device over (a handoff). */
  handoffFrom?: string;
  /** The identification this signature uses up (`ades`/`qes`). */
  identificationId?: string;
  /** Made by the sandbox simulation endpoint: marked so in the evidence, the note and the POD. */
  simulated?: boolean;
  /** Reported by another eCMR provider (method `provider`): what it told us. */
  providerEvidence?: ProviderEvidence;
}

/** 409 `conflict` when the signer was shown another version than the current one (a stale view). */
export function assertShownIsCurrent(current: { id: string; sha256: string; version: number }, shown: { document_id: string; sha256: string } | undefined): void {
  if (shown && (shown.document_id !== current.id || shown.sha256 !== current.sha256)) {
    throw new AppError('conflict', `A newer version of the consignment note exists (version ${current.version}, ${current.id}): show it to the signer and sign that.`);
  }
}

function checkSuccessiveIndex(role: SignatureRole, index: number | undefined, carriers: number, place: string | undefined): number {
  if (role !== 'successive_carrier') {
    if (place !== undefined) throw new AppError('validation_failed', 'The signature does not validate; see errors.', { errors: [{ path: '$.place', code: 'invalid', message: 'Only a successive carrier names the place where it takes the goods over.' }] });
    return -1;
  }
  if (index === undefined || index < 0 || index >= carriers) {
    const message = carriers === 0 ? 'The shipment names no successive carriers.' : `Must be a position in successive_carriers, 0 to ${carriers - 1}.`;
    throw new AppError('validation_failed', 'The signature does not validate; see errors.', { errors: [{ path: '$.successive_index', code: 'invalid', message }] });
  }
  return index;
}

export async function recordSignature(ctx: TenantContext, shipmentId: string, input: NewSignature, language: Language, alsoWrite?: AlsoWrite<SignatureView>): Promise<SignatureView> {
  // Every entry checks its image; this is the last stop before it is kept and printed.
  if (input.image_png) assertPixelLimit(input.image_png, SIGNATURE_IMAGE_LIMIT, '$.signature.image', 'drawn signature');
  const now = ctx.clock.now();
  return changeWithRender<SignatureView>(ctx, shipmentId, now, async (shipment) => {
    const signed = await selectSignatures(ctx.db, ctx, shipment.id);
    assertSignatureMayChange(shipment, signed, input.role);
    const carriers = ((shipment.data.successive_carriers as unknown[] | undefined) ?? []).length;
    const successiveIndex = checkSuccessiveIndex(input.role, input.successive_index, carriers, input.place);
    assertMaySign(shipment, signed, input.role, successiveIndex);
    const current = await selectCurrentNote(ctx.db, ctx, shipment.id);
    if (!current) throw new Error(`shipment ${shipment.id} is ${shipment.status} but has no consignment note`);
    assertShownIsCurrent(current, input.shown);
    const evidence = await readPhotoEvidence(ctx, shipment.id);
    const takeoverRemarks = successiveIndex >= 0 ? await takeoverRemarkIds(ctx.db, ctx, shipment.id, successiveIndex) : [];

    const id = newId('signature', now);
    const next = statusAfter(signed, input.role);
    return {
      changes: next ? { status: next, [TRANSITIONS[next].stamp]: now } : {},
      events: [
        { type: 'signature.completed', status: shipment.status, fields: { signature_id: id, role: input.role, ...(successiveIndex >= 0 ? { successive_index: successiveIndex } : {}) } },
        ...(next ? [{ type: TRANSITIONS[next].event, status: next }] : []),
        ...(successiveIndex >= 0 ? [takeoverEvent(shipment, id, successiveIndex, input.place, takeoverRemarks, now)] : []),
      ],
      async render(changed, [completed]) {
        let imageKey: string | null = null;
        if (input.image_png) {
          imageKey = `${ctx.organizationId}/${ctx.mode}/shipments/${shipment.id}/${id}.png`;
          await ctx.objects.put(imageKey, input.image_png, { contentType: 'image/png' });
        }
        const row: SignatureRow = {
          id,
          organization_id: ctx.organizationId,
          mode: ctx.mode,
          shipment_id: shipment.id,
          role: input.role,
          successive_index: successiveIndex,
          phase: PHASE_OF[input.role],
          method: input.method,
          level: input.level,
          signer_name: input.signer_name,
          document_id: current.id,
          document_sha256: current.sha256,
          signed_at: now,
          captured_at: input.evidence.captured_at ?? null,
          place: input.place ?? null,
          ip: input.evidence.ip,
          user_agent: input.evidence.user_agent,
          location: input.evidence.location ?? null,
          otp_reference: input.evidence.otp_reference ?? null,
          identification_reference: input.evidence.identification_reference ?? null,
          image_object_key: imageKey,
          event_id: completed!.event_id,
          rendered_document_id: '',
          signature_request_id: input.signatureRequestId ?? null,
          handoff_from: input.handoffFrom ?? null,
          trust_signature: input.evidence.trust_signature ?? null,
          simulated: input.simulated ?? false,
          provider_evidence: input.providerEvidence ?? null,
        };
        const signatures = await noteSignatures(ctx, [...signed, row]);
        const reservations = await noteReservations(ctx.db, ctx, shipment.id, noteLanguage(changed, language), evidence);
        const note = await consignmentNoteVersion(ctx, ctx.db, changed, completed!, { version: current.version + 1, language: noteLanguage(changed, language), signatures, reservations });
        row.rendered_document_id = note.document.id;
        const used = input.signatureRequestId ? [setRequestStatusWrite(ctx.db, input.signatureRequestId, 'pending', 'completed', now, id)] : [];
        if (input.identificationId) used.push(useIdentificationWrite(ctx.db, input.identificationId, now));
        if (input.image_png) used.push(storageWrite(ctx.db, ctx, now, input.image_png.length));
        return {
          writes: [insertSignatureWrite(ctx.db, row), ...note.writes, usageWrite(ctx.db, ctx, 'signatures', now, 1, input.level), ...used],
          stored: [note.document.object_key, ...(imageKey ? [imageKey] : [])],
          answer: signatureView(row),
        };
      },
      // A sign link is not part of the shipment's chain: one withdrawn or replaced during the render signs nothing.
      confirm: input.signatureRequestId ? async (trx) => assertRequestPending(trx, ctx, input.signatureRequestId!) : undefined,
    };
  }, alsoWrite);
}

async function assertRequestPending(trx: Database, ctx: TenantContext, id: string): Promise<void> {
  const request = await selectSignatureRequest(trx, ctx, id, { forUpdate: true });
  assertLinkStanding(request);
  if (request.status !== 'pending') throw new AppError('already_signed', 'This sign link has been used: the document is signed.');
}
