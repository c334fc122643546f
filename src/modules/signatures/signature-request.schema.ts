/** Schemas of signature requests (sign links) and of the sign endpoints' bodies and answers. */
import { Type, type Static } from '@sinclair/typebox';
import { AttachedTestClock, TestClockQueryProperty } from '../test-clocks/test-clock.schema.js';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { CoordinatesSchema, LANGUAGE_PATTERN } from '../shipments/shipment-input.schema.js';
import { SIGNATURE_ROLES } from './signature-rules.js';
import { SignRemarkSchema } from '../remarks/remark.schema.js';
import { TakeoverPlace } from './signature.schema.js';
import { NOTIFICATION_STATUSES, NOTIFICATION_STATUS_DESCRIPTION } from '../notifications/notification.schema.js';

const LEVELS = ['platform_auth', 'ades', 'qes'] as const;

export const CreateSignatureRequestSchema = Type.Object(
  {
    role: StringEnum(SIGNATURE_ROLES),
    successive_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'For `successive_carrier`: its position in `successive_carriers`.' })),
    channel: StringEnum(['sms', 'email'] as const),
    recipient: Type.Optional(Type.String({ maxLength: 254, description: 'E-mail address or E.164 number. Default: the party\'s contact e-mail or phone; for the carrier, the driver\'s.' })),
    language: Type.Optional(Type.String({ pattern: LANGUAGE_PATTERN, description: 'Language of the message and the signing pages (en, nl, de, fr). Default: the recipient contact\'s, else the driver\'s, else English.' })),
    level: Type.Optional(
      StringEnum(LEVELS, {
        description:
          '`platform_auth` (default). `ades` and `qes`: the signer identifies at a trust service (`POST /v1/sign/{token}/identification`), which signs the SHA-256 of the version shown. ' +
          'Sandbox uses the trust service simulator; live needs a configured provider, without one 503 `qtsp_unavailable`.',
      }),
    ),
    expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'When the link stops working; default 72 hours, at most 30 days.' })),
    otp_required: Type.Optional(Type.Boolean({ default: false, description: 'The signer must also enter a one-time password, sent to the same recipient when asked for (a forwarded link alone does not sign).' })),
  },
  { $id: 'CreateSignatureRequest', additionalProperties: false },
);
export type CreateSignatureRequest = Static<typeof CreateSignatureRequestSchema>;

export const ResendSignatureRequestSchema = Type.Object(
  { recipient: Type.Optional(Type.String({ maxLength: 254, description: 'Send the new link here; needed when the first went to a recipient given explicitly (kept only hashed).' })) },
  { $id: 'ResendSignatureRequest', additionalProperties: false },
);

const requestProperties = {
  id: IdString('signature_request'),
  shipment_id: IdString('shipment'),
  role: StringEnum(SIGNATURE_ROLES),
  successive_index: Type.Union([Type.Integer(), Type.Null()]),
  channel: StringEnum(['sms', 'email', 'handoff'] as const, { description: '`handoff`: minted on the previous signer\'s device and handed over in person.' }),
  recipient_hint: Type.String({ description: 'The recipient, masked; kept only hashed.' }),
  language: Type.String(),
  level: StringEnum(LEVELS),
  status: StringEnum(['pending', 'completed', 'revoked', 'expired', 'replaced'] as const, {
    description: '`pending` until signed (`completed`), withdrawn (`revoked`), superseded by a resend (`replaced`) or past `expires_at` (`expired`).',
  }),
  otp_required: Type.Boolean(),
  expires_at: Type.String({ format: 'date-time' }),
  replaced_by: Type.Union([Type.String(), Type.Null()], { description: 'The request that replaced this one.' }),
  handoff_from: Type.Union([Type.String(), Type.Null()], { description: 'For a handed-over link: the request whose holder minted it.' }),
  test_clock: AttachedTestClock('the link (its expiry, one-time passwords, identification)'),
  signature_id: Type.Union([Type.String(), Type.Null()], { description: 'The signature given through the link.' }),
  created_at: Type.String({ format: 'date-time' }),
};

export const SignatureRequestSchema = Type.Object(requestProperties, { $id: 'SignatureRequest' });

export const CreatedSignatureRequestSchema = Type.Object(
  {
    ...requestProperties,
    url: Type.Optional(Type.String({ description: 'Sandbox (`sk_test_`) only: the sign link, so a test can follow it. Live answers never carry it.' })),
    notification: Type.Object({ id: Type.String(), status: StringEnum(NOTIFICATION_STATUSES, { description: NOTIFICATION_STATUS_DESCRIPTION }) }, { description: 'The message that carried the link.' }),
  },
  { $id: 'CreatedSignatureRequest' },
);

export const SignatureRequestParamsSchema = Type.Object({ id: IdString('signature_request') }, { additionalProperties: false });

export const SignTokenParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the sign link.' }) }, { additionalProperties: false });

export const SignContextSchema = Type.Object(
  {
    request_id: Type.String(),
    role: StringEnum(SIGNATURE_ROLES),
    successive_index: Type.Union([Type.Integer(), Type.Null()]),
    level: StringEnum(LEVELS),
    identification_required: Type.Boolean({ description: 'True at `ades` and `qes`: identify (`POST /v1/sign/{token}/identification`) and send the `identification_token` with the submit.' }),
    language: Type.String(),
    otp_required: Type.Boolean(),
    expires_at: Type.String({ format: 'date-time' }),
    shipment: Type.Object({
      id: Type.String(),
      reference: Type.Union([Type.String(), Type.Null()]),
      status: Type.String(),
      consignor: Type.Union([Type.String(), Type.Null()]),
      consignee: Type.Union([Type.String(), Type.Null()]),
      carrier: Type.Union([Type.String(), Type.Null()]),
      pickup: Type.Union([Type.String(), Type.Null()]),
      delivery: Type.Union([Type.String(), Type.Null()]),
      goods: Type.Array(
        Type.Object({ description: Type.String(), quantity: Type.Union([Type.Integer(), Type.Null()]), package_type: Type.Union([Type.String(), Type.Null()]), gross_weight_kg: Type.Union([Type.Number(), Type.Null()]) }),
      ),
    }),
    document: Type.Object(
      {
        id: Type.String(),
        version: Type.Integer(),
        sha256: Type.String(),
        url: Type.String({ description: 'Signed download link of the PDF, valid 15 minutes.' }),
        url_expires_at: Type.String({ format: 'date-time' }),
      },
      { description: 'The version to show and sign: submit names its id and SHA-256.' },
    ),
    remarks: Type.Array(SignRemarkSchema, { description: 'Remarks (reservations) of this link\'s phase made so far, oldest first: add one with `POST /v1/sign/{token}/remarks`.' }),
  },
  { $id: 'SignContext' },
);

export const SubmitSignatureSchema = Type.Object(
  {
    signer_name: Type.String({ minLength: 1, maxLength: 200, description: 'At `ades` and `qes`: the name given at identification (spacing and case aside), else 422 `validation_failed`.' }),
    signature: Type.Union(
      [
        Type.Object({ type: Type.Literal('drawn'), image: Type.String({ maxLength: 700_000, description: 'PNG data URL (`data:image/png;base64,…`), at most 512 KB and at most 4 megapixels (4,000,000 pixels, 4,096 a side, read from its header before anything decodes it; more is 422 `validation_failed` with an `image_too_large` finding on `$.signature.image`).' }) }, { additionalProperties: false }),
        Type.Object({ type: Type.Literal('typed') }, { additionalProperties: false }),
      ],
      { description: 'Drawn on the screen, or the typed name.' },
    ),
    document_id: IdString('document', { description: 'The version shown to the signer.' }),
    document_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    otp_verified_token: Type.Optional(Type.String({ maxLength: 100, description: 'From `POST /v1/sign/{token}/otp/verify`, when the link requires a one-time password.' })),
    identification_token: Type.Optional(
      Type.String({ maxLength: 100, description: 'From `POST /v1/sign/{token}/identification`, required at `ades` and `qes` (ignored at `platform_auth`): once, within 15 minutes, for this link only.' }),
    ),
    location: Type.Optional(Type.Ref(CoordinatesSchema)),
    place: Type.Optional(TakeoverPlace),
  },
  { $id: 'SubmitSignature', additionalProperties: false },
);
export type SubmitSignatureBody = Static<typeof SubmitSignatureSchema>;

export const VerifyOtpSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 12, description: 'The six-digit code.' }) }, { $id: 'VerifyOtp', additionalProperties: false });
export type VerifyOtp = Static<typeof VerifyOtpSchema>;

export const OtpSentSchema = Type.Object(
  { sent_to: Type.String({ description: 'The recipient, masked.' }), expires_at: Type.String({ format: 'date-time', description: 'The code works until then (10 minutes).' }) },
  { $id: 'OtpSent' },
);

export const OtpVerifiedSchema = Type.Object(
  { otp_verified_token: Type.String({ description: 'Send with the submit; works once, for 10 minutes.' }), expires_at: Type.String({ format: 'date-time' }) },
  { $id: 'OtpVerified' },
);

export const HandoffSchema = Type.Object(
  {
    request_id: Type.String({ description: 'The consignee\'s new signature request.' }),
    url: Type.String({ description: 'The consignee\'s sign link, to open on this device now.' }),
    expires_at: Type.String({ format: 'date-time', description: '15 minutes from now.' }),
  },
  { $id: 'Handoff' },
);

export const IdentifySignerSchema = Type.Object(
  {
    signer_name: Type.String({ minLength: 1, maxLength: 200, description: 'The signer\'s name as on their identity document.' }),
    birth_date: Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The signer\'s date of birth, `YYYY-MM-DD`.' }),
  },
  { $id: 'IdentifySigner', additionalProperties: false },
);
export type IdentifySignerBody = Static<typeof IdentifySignerSchema>;

export const IdentificationSchema = Type.Object(
  {
    identification_token: Type.String({ description: 'Send with the submit (`identification_token`): works once, for 15 minutes, only for this link. Starts with `idt_`.' }),
    expires_at: Type.String({ format: 'date-time', description: '15 minutes from now.' }),
    provider: Type.String({ description: 'The trust service that identified the signer (`sandbox-simulator` in sandbox).' }),
    level: StringEnum(['ades', 'qes'] as const, { description: 'The link\'s level.' }),
  },
  { $id: 'Identification' },
);

/** Sandbox: a link follows its shipment's test clock, or the one named here. */
export const CreateSignatureRequestQuerySchema = Type.Object({ ...TestClockQueryProperty }, { additionalProperties: false });
export type CreateSignatureRequestQuery = Static<typeof CreateSignatureRequestQuerySchema>;
