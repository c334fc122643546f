/**
 * Starts (or restarts) enrolment of the user's second factor: a new pending TOTP secret, shown as
 * text, as an `otpauth://` URI and as a QR code of that URI. It protects nothing until confirmed
 * with a first code (confirmTwoFactor). A user whose factor is active resets it first: 409 `conflict`.
 */
import QRCode from 'qrcode';
import type { Services } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import type { ConsoleSession } from '../authenticate-console-session.js';
import { findCredential, putPendingSecret } from './two-factor.repository.js';
import { newTotpSecret, otpauthUri } from './two-factor-policy.js';

export interface TwoFactorEnrolment {
  secret: string;
  otpauth_uri: string;
  /** The URI as a QR code: an SVG image as a `data:` URL. */
  qr_code: string;
}

/** The QR code of `text` as a `data:image/svg+xml` URL, with the quiet zone readers need. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function enrolmentOf(secret: string, email: string): Promise<TwoFactorEnrolment> {
  const uri = otpauthUri(secret, email);
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
}

export async function enrolTwoFactor(services: Pick<Services, 'db' | 'clock'>, session: ConsoleSession): Promise<TwoFactorEnrolment> {
  const secret = newTotpSecret();
  if (!(await putPendingSecret(services.db, session.userId, secret, services.clock.now()))) {
    throw new AppError('conflict', 'Your second factor is already on. To move it to another device, reset it first (DELETE /v1/auth/two-factor with a code), then enrol again.');
  }
  return enrolmentOf(secret, session.email);
}

/** The user's pending enrolment, shown again (by the console page) until it is confirmed or replaced. */
export async function pendingEnrolment(services: Pick<Services, 'db'>, session: ConsoleSession): Promise<TwoFactorEnrolment | undefined> {
  const credential = await findCredential(services.db, session.userId);
  return credential && credential.confirmed_at === null ? enrolmentOf(credential.secret, session.email) : undefined;
}
