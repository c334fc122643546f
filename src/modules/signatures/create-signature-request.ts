/**
 * Signature requests (POST /v1/shipments/{id}/signature-requests, and resend): a sign link for one
 * role, sent by e-mail or SMS. The recipient defaults to the party's contact — for the carrier the
 * driver — and the language to the request's, else the recipient contact's, else the driver's,
 * else English. One link per role is live: a new one replaces the pending one (`token_rotated`).
 * In sandbox mode the answer carries the link itself, so integrators can script the whole flow.
 */
import { AppError } from '../../core/errors.js';
import { jsonPath } from '../../core/findings.js';
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { sendNotification } from '../notifications/send-notification.js';
import type { NotificationStatus } from '../notifications/notification.schema.js';
import { recipientHash, recipientHint } from '../notifications/recipient-privacy.js';
import { findShipment } from '../shipments/get-shipment.js';
import { assertChangeable } from '../shipments/shipment-status.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { MESSAGE_LANGUAGES, signLinkMessage, type MessageLanguage } from './sign-messages.js';
import { newSignToken, signLinkUrl } from './sign-link-token.js';
import { sealRecipient } from './sealed-recipient.js';
import type { SignatureRole } from './signature-rules.js';
import { E164_PATTERN } from '../shipments/shipment-input.schema.js';
import { signatureRequestView, type SignatureRequestView } from './signature-request-view.js';
import { insertSignatureRequestWrite, newRequestRow, replacePendingWrite, type SignatureRequestRow } from './signature-requests.repository.js';
import { selectSignatures } from './signatures.repository.js';
import { trustServiceFor } from './trust-service-for.js';

const HOUR = 60 * 60 * 1000;
export const DEFAULT_LINK_HOURS = 72;
export const MAX_LINK_DAYS = 30;

export interface SignatureRequestInput {
  role: SignatureRole;
  successive_index?: number;
  channel: 'sms' | 'email';
  recipient?: string;
  language?: string;
  level?: 'platform_auth' | 'ades' | 'qes';
  expires_at?: string;
  /** The signer must also enter a one-time password sent to the same recipient. */
  otp_required?: boolean;
  /** Resend without a recipient: the default must hash to this (the first link's recipient). */
  sameRecipientAs?: string;
}

export interface Contact {
  email?: string;
  phone?: string;
  language?: string;
}

/** The contact of the party that signs in `role` (for the carrier: the driver, who carries the phone). */
export function signerContact(shipment: ShipmentRow, role: SignatureRole, index: number): Contact | undefined {
  const data = shipment.data as Record<string, { contact?: Contact } & Contact & Record<string, unknown>>;
  if (role === 'carrier') return (data.driver as Contact | undefined) ?? data.carrier?.contact;
  if (role === 'successive_carrier') return ((data.successive_carriers as unknown as { contact?: Contact }[] | undefined) ?? [])[index]?.contact;
  return data[role]?.contact;
}

/** A refusal on one field of the request (`recipient` → `$.recipient`), with the message written for it. */
const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 'The signature request does not validate; see errors.', { errors: [{ path: jsonPath(field), code: 'invalid', message }] });

export interface CreatedSignatureRequest extends SignatureRequestView {
  /** Sandbox only: the sign link. */
  url?: string;
  notification: { id: string; status: NotificationStatus };
}

export async function createSignatureRequest(ctx: TenantContext, shipmentId: string, input: SignatureRequestInput): Promise<CreatedSignatureRequest> {
  const now = ctx.clock.now();
  const level = input.level ?? 'platform_auth';
  // Sandbox signs ades/qes with the simulator; live needs a configured provider.
  if (level !== 'platform_auth') trustServiceFor(ctx, level);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : new Date(now.getTime() + DEFAULT_LINK_HOURS * HOUR);
  if (expiresAt <= now || expiresAt.getTime() - now.getTime() > MAX_LINK_DAYS * 24 * HOUR) throw invalid('expires_at', `Must be in the future and at most ${MAX_LINK_DAYS} days away.`);

  const { row, token, recipient, shipment } = await withTransaction(ctx.db, async (trx) => {
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    assertChangeable(shipment.id, shipment.status);
    if (shipment.status === 'draft') throw new AppError('invalid_state', `Shipment ${shipment.id} is a draft: issue it before asking for signatures.`);
    const carriers = ((shipment.data.successive_carriers as unknown[] | undefined) ?? []).length;
    const index = input.role === 'successive_carrier' ? (input.successive_index ?? -2) : -1;
    if (input.role === 'successive_carrier' && (index < 0 || index >= carriers)) throw invalid('successive_index', 'Must be a position in successive_carriers.');
    if ((await selectSignatures(trx, ctx, shipment.id)).some((s) => s.role === input.role && s.successive_index === index)) {
      throw new AppError('already_signed', `Shipment ${shipment.id} is already signed for this role.`);
    }
    const contact = signerContact(shipment, input.role, index);
    const recipient = input.recipient ?? (input.channel === 'email' ? contact?.email : contact?.phone);
    if (!recipient) throw invalid('recipient', `No ${input.channel === 'email' ? 'e-mail address' : 'phone number'} is on file for the ${input.role}: give \`recipient\`.`);
    if (input.sameRecipientAs && recipientHash(ctx.secrets.urls, input.channel, recipient) !== input.sameRecipientAs) {
      throw invalid('recipient', 'The first link went to a recipient given in its request, which is kept only hashed: give `recipient` again.');
    }
    const shapeOk = input.channel === 'email' ? /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(recipient) : new RegExp(E164_PATTERN).test(recipient);
    if (!shapeOk) throw invalid('recipient', input.channel === 'email' ? 'Must be an e-mail address.' : 'Must be a phone number in E.164 form, such as +31612345678.');
    const driver = (shipment.data.driver as Contact | undefined)?.language;
    const language = ([input.language, contact?.language, driver].find((l) => MESSAGE_LANGUAGES.includes(l as MessageLanguage)) ?? 'en') as MessageLanguage;
    const { token, hash } = newSignToken();
    const row: SignatureRequestRow = newRequestRow({
      id: newId('signature_request', now),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      // `?test_clock=`, or else the clock of the shipment (src/modules/test-clocks/test-clock-access.ts).
      test_clock_id: ctx.testClockId ?? null,
      shipment_id: shipment.id,
      role: input.role,
      successive_index: index,
      channel: input.channel,
      recipient_hash: recipientHash(ctx.secrets.urls, input.channel, recipient),
      recipient_hint: recipientHint(input.channel, recipient),
      language,
      token_hash: hash,
      expires_at: expiresAt,
      created_at: now,
      level,
      otp_required: input.otp_required ?? false,
      recipient_sealed: sealRecipient(ctx.secrets.urls, recipient),
      handoff_from: null,
    });
    await writeAsOneStatement(trx, [replacePendingWrite(trx, shipment.id, input.role, index, row.id, now), insertSignatureRequestWrite(trx, row)]);
    return { row, token, recipient, shipment };
  });

  const url = signLinkUrl(ctx.publicBaseUrl, token);
  const message = signLinkMessage(row.language as MessageLanguage, { role: row.role, reference: shipment.reference ?? shipment.id, url, expiresAt: row.expires_at });
  const notification = await sendNotification(ctx, { channel: input.channel, to: recipient, template: 'sign_link', language: row.language, ...message, shipmentId: shipment.id, signatureRequestId: row.id });
  return {
    ...signatureRequestView(row, now),
    ...(ctx.mode === 'test' ? { url } : {}),
    notification: { id: notification.id, status: notification.status },
  };
}

