/** Notifications (service description, notifications area): the log of e-mail and SMS sent. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { listNotifications } from './list-notifications.js';
import { ListNotificationsQuerySchema, NotificationPageSchema, NotificationSchema, type ListNotificationsQuery } from './notification.schema.js';

export async function notificationRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(NotificationSchema);
  app.addSchema(NotificationPageSchema);
  app.get<{ Querystring: ListNotificationsQuery }>(
    '/v1/notifications',
    {
      config: { access: { scope: 'notifications:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'E-mail and SMS sent, newest first',
        description:
          'One row per message the organisation sent (sign links, their one-time passwords, console invitations), with its status, channel, template and shipment, and the recipient only as a keyed hash and a masked hint; ' +
          'filters `channel`, `status`, `shipment_id`, and `recipient` to find the messages to one e-mail address or phone number (matched by hash; the answer never holds the address).',
        querystring: ListNotificationsQuerySchema,
        response: { 200: Type.Ref(NotificationPageSchema, { description: 'A page of notifications.' }) },
      },
    },
    async (request) => listNotifications(tenantContext(runtime, request), request.query),
  );
}
