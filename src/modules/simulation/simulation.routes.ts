/**
 * Sandbox simulation (service description, area "test": simulate sign, deliver, remark or
 * auto-advance). Test keys only: a live key is 403 `test_mode_only` (src/modules/api-keys/api-key-access.ts).
 * Registered in the shipments' scope: its answer embeds the `Shipment` schema.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { simulateShipment } from './simulate-shipment.js';
import { SIMULATION_SCHEMAS, SimulateShipmentSchema, SimulationResultSchema, type SimulateShipment } from './simulation.schema.js';

export const SIMULATION_PATHS = { simulate: '/v1/test/shipments/:id/simulate' } as const;

export async function simulationRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of SIMULATION_SCHEMAS) app.addSchema(schema);

  app.post<{ Params: { id: string }; Body: SimulateShipment }>(
    SIMULATION_PATHS.simulate,
    {
      config: {
        access: { scope: 'test:write', testOnly: true },
        errors: ['invalid_id', 'not_found', 'invalid_state', 'invalid_transition', 'shipment_immutable', 'already_signed', 'conflict', 'qtsp_unavailable', 'pdf_render_failed'],
      },
      schema: {
        operationId: 'simulateShipment',
        tags: ['test'],
        summary: 'Sandbox: simulate sign, deliver, remark or auto-advance',
        description:
          'Sandbox keys only (a live key is 403 `test_mode_only`). Each action runs the same steps as the real calls — issue, signatures, remarks, cancel — so note versions are rendered and sealed, events chained, webhooks delivered, ' +
          'and the proof of delivery and the invoice are there afterwards. Signatures made here say so: evidence `simulated: true`, method printed `… (simulated)` on the note and the proof of delivery. ' +
          'Fields that do not apply to the action, or a missing `phase`/`type` (remark) or `to` (advance), are 422 `validation_failed` with a finding per field. ' +
          'What the shipment\'s status does not allow is refused with the real call\'s code: 409 `invalid_state` (sign a draft; a pickup remark in transit), `invalid_transition` (advance backwards; deliver or sign a delivered or cancelled shipment), ' +
          '`shipment_immutable` (remark on a final shipment), `already_signed` (a role given twice). Each step commits on its own: if a later one is refused, the earlier ones stay done.',
        params: ShipmentParamsSchema,
        body: Type.Ref(SimulateShipmentSchema),
        response: { 200: Type.Ref(SimulationResultSchema, { description: 'The steps taken, and the shipment afterwards.' }) },
      },
    },
    async (request) =>
      simulateShipment(tenantContext(runtime, request), request.params.id, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        language: negotiateLanguage(request.headers['accept-language']),
      }),
  );
}
