/**
 * After a signature through a sign link: the link to the signer's copy goes to the signer — to
 * the recipient the link was sent to (kept sealed until the link was used), else, for a link
 * opened on another's device (a handoff), to the party's contact e-mail, else its phone. In the
 * link's language (for a handoff the party contact's), English where we have no words for it.
 * The link is the sign link itself, which now opens the copy (open-signer-copy.ts) until the copy
 * period ends. No address: no message.
 */
import type { Notification } from '../notifications/send-notification.js';
import { sendNotification } from '../notifications/send-notification.js';
import type { NotificationRow } from '../notifications/notifications.repository.js';
import { noteZones, signatureZone } from '../documents/consignment-note/note-zones.js';
import { findShipment } from '../shipments/get-shipment.js';
import { signerContact } from '../signatures/create-signature-request.js';
import { openRecipient } from '../signatures/sealed-recipient.js';
import type { OpenSignLink } from '../signatures/sign-link.js';
import { signLinkUrl } from '../signatures/sign-link-token.js';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '../signatures/sign-messages.js';
import type { SignatureView } from '../signatures/signature-view.js';
import { copyExpiry } from './open-signer-copy.js';
import { signerCopyMessage } from './signer-copy-messages.js';

/** Sends the copy's link for `signature`, made through `link` (the request as it was before it was used). */
export async function sendSignerCopy(link: OpenSignLink, token: string, signature: SignatureView, copyDays: number): Promise<NotificationRow | null> {
  const { request, ctx } = link;
  const shipment = await findShipment(ctx.db, ctx, request.shipment_id);
  let to: Pick<Notification, 'channel' | 'to'> | undefined;
  let spoken = request.language;
  if (request.recipient_sealed && request.channel !== 'handoff') {
    to = { channel: request.channel, to: openRecipient(ctx.secrets.urls, request.recipient_sealed) };
  } else {
    // A handed-off link speaks the driver's language; the message goes to the party, in theirs.
    const contact = signerContact(shipment, request.role, request.successive_index);
    if (contact?.email) to = { channel: 'email', to: contact.email };
    else if (contact?.phone) to = { channel: 'sms', to: contact.phone };
    spoken = contact?.language ?? spoken;
  }
  if (!to) return null;
  const language = MESSAGE_LANGUAGES.find((l) => l === spoken) ?? MESSAGE_LANGUAGES.find((l) => l === request.language) ?? ('en' satisfies MessageLanguage);
  const message = signerCopyMessage(language, {
    role: request.role,
    reference: shipment.reference ?? shipment.id,
    url: signLinkUrl(ctx.publicBaseUrl, token),
    signedAt: new Date(signature.signed_at),
    expiresAt: copyExpiry(new Date(signature.signed_at), copyDays),
    zone: signatureZone(noteZones(shipment.data), request.role),
    pod: request.role === 'consignee',
  });
  return sendNotification(ctx, { ...to, template: 'signer_copy', language, ...message, shipmentId: shipment.id, signatureRequestId: request.id });
}
