/** Schemas of the console's second factor (docs/console-auth.md, "Second factor"). */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, StringEnum } from '../../../core/schema-types.js';

const Code = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'The six-digit code the authenticator app shows now (spaces allowed), or one of your unused recovery codes (`xxxx-xxxx-xxxx-xxxx`; case and dashes do not matter).',
  examples: ['492039'],
});

export const TwoFactorCodeSchema = Type.Object({ code: Code }, { $id: 'TwoFactorCode', additionalProperties: false, description: 'A code of your second factor.' });
export type TwoFactorCode = Static<typeof TwoFactorCodeSchema>;

export const TwoFactorResetSchema = Type.Object(
  { code: Type.Optional(Code) },
  { $id: 'TwoFactorReset', additionalProperties: false, description: 'A fresh code of the factor being removed; not needed to drop an enrolment that was never confirmed.' },
);
export type TwoFactorReset = Static<typeof TwoFactorResetSchema>;

export const TwoFactorEnrolmentSchema = Type.Object(
  {
    secret: Type.String({ description: 'The TOTP secret in base32, for typing into an authenticator app by hand.' }),
    otpauth_uri: Type.String({ description: 'The `otpauth://totp/…` URI (SHA-1, 6 digits, 30 seconds) that authenticator apps read from a QR code.' }),
    qr_code: Type.String({ description: 'The URI as a QR code: an SVG image as a `data:image/svg+xml;base64,…` URL, usable as an image source.' }),
  },
  { $id: 'TwoFactorEnrolment', additionalProperties: false, description: 'A pending second factor: add it to an authenticator app, then confirm it with a first code.' },
);

export const RecoveryCodesSchema = Type.Object(
  {
    recovery_codes: Type.Array(Type.String(), {
      minItems: 10,
      maxItems: 10,
      description: 'Ten single-use codes for when the authenticator app is not at hand. Shown this once: only their hashes are kept. A new set voids these.',
    }),
  },
  { $id: 'RecoveryCodes', additionalProperties: false, description: 'Recovery codes, shown once.' },
);

export const TwoFactorStatusSchema = Type.Object(
  {
    state: StringEnum(['off', 'pending', 'on'] as const, { description: '`off`: no factor; `pending`: enrolled, not yet confirmed with a first code; `on`: active.' }),
    confirmed_at: Type.Union([DateTimeString(), Type.Null()], { description: 'When the factor was turned on.' }),
    session_passed: Type.Boolean({ description: 'Whether this session has passed the factor (at confirmation or verification).' }),
    recovery_codes_left: Type.Integer({ description: 'Unused recovery codes.' }),
    required_by_organization: Type.Boolean({ description: 'Whether the organisation the session acts in requires a second factor of every member.' }),
  },
  { $id: 'TwoFactorStatus', additionalProperties: false, description: 'Your second factor and whether this session has passed it.' },
);
