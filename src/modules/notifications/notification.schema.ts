/** Schemas of notification rows and their list. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';

export const NOTIFICATION_STATUSES = ['sent', 'not_configured', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_STATUS_DESCRIPTION =
  '`sent`: the SMTP server or SMS provider took the message. `not_configured`: this deployment has no provider for the channel (no `SMTP_URL`, or no `SMS_URL`), ' +
  'so the message was only written to its `outbox_messages` table and nobody received it; in the sandbox use the link in the answer instead. `failed`: the provider refused it (`error` says why).';

export const NotificationSchema = Type.Object(
  {
    id: IdString('notification'),
    channel: StringEnum(['email', 'sms'] as const),
    template: Type.String({ description: 'What was sent: `sign_link` (a sign link), `sign_otp` (a one-time password for a sign link), `member_invitation` (an invitation to the console), `signer_copy` (the link to a signer\'s copy after they signed).' }),
    recipient_hash: Type.String({
      description: 'HMAC-SHA-256 of the normalised address or number under a key of this deployment: the same recipient always gives the same hash, and it cannot be turned back into the address. Look a person up with `recipient`.',
    }),
    language: Type.String(),
    recipient_hint: Type.String({ description: 'The recipient, masked. The address or number itself is kept only as a keyed hash once sent.' }),
    status: StringEnum(NOTIFICATION_STATUSES, { description: NOTIFICATION_STATUS_DESCRIPTION }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why sending failed.' }),
    shipment_id: Type.Union([Type.String(), Type.Null()]),
    signature_request_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Notification' },
);

export const NotificationPageSchema = PageOf(Type.Ref(NotificationSchema), 'NotificationPage');

export const ListNotificationsQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    channel: Type.Optional(StringEnum(['email', 'sms'] as const)),
    status: Type.Optional(StringEnum(NOTIFICATION_STATUSES)),
    shipment_id: Type.Optional(IdString('shipment', { description: 'Only messages about this shipment.' })),
    recipient: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 320,
        description:
          'Only messages to this e-mail address (holds `@`) or phone number (any other value; spaces and punctuation are ignored, as when it was sent). ' +
          'It is hashed with the same keyed hash the messages were recorded with and matched on the hash: the answer shows the hash, never the address.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListNotificationsQuery = Static<typeof ListNotificationsQuerySchema>;
