/** Schemas of notification rows and their list. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';

export const NotificationSchema = Type.Object(
  {
    id: IdString('notification'),
    channel: StringEnum(['email', 'sms'] as const),
    template: Type.String({ description: 'What was sent: `sign_link`.' }),
    language: Type.String(),
    recipient_hint: Type.String({ description: 'The recipient, masked. The address or number itself is kept only as a keyed hash once sent.' }),
    status: StringEnum(['sent', 'failed'] as const),
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
    status: Type.Optional(StringEnum(['sent', 'failed'] as const)),
    shipment_id: Type.Optional(IdString('shipment', { description: 'Only messages about this shipment.' })),
  },
  { additionalProperties: false },
);
export type ListNotificationsQuery = Static<typeof ListNotificationsQuerySchema>;
