/** The photo route of the driver's checklist (docs/driver.md). Registered by driverRoutes. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { driverRequest } from './driver-access.js';
import { DriverPhotoParamsSchema } from './driver.schema.js';
import { getDriverPhoto } from './get-driver-photo.js';

export const DRIVER_PHOTO_PATH = '/v1/driver/shipments/:id/photos/:document_id';

export async function driverPhotoRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.get<{ Params: { id: string; document_id: string } }>(
    DRIVER_PHOTO_PATH,
    {
      config: { access: { public: true, driver: true }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getDriverPhoto',
        tags: ['driver'],
        summary: 'A remark photo of a stop (driver)',
        description: 'The bytes of a photo of a remark on a shipment of the session\'s tours, for the stop\'s checklist; any other document is `not_found`. Private to the session, cached for an hour.',
        params: DriverPhotoParamsSchema,
        response: { 200: Type.String({ format: 'binary', description: 'The photo, with its `Content-Type`.' }) },
      },
    },
    async (request, reply) => {
      const { document, body } = await getDriverPhoto(runtime.services, driverRequest(request), request.params.id, request.params.document_id);
      return reply.header('content-type', document.content_type).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').header('etag', `"${document.sha256}"`).send(body);
    },
  );
}
