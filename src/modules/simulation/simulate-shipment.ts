/**
 * POST /v1/test/shipments/{id}/simulate (sandbox only, the route refuses live keys):
 * runs one simulated action on a shipment with the same use cases as the real calls, and answers
 * the steps taken with the shipment as `GET /v1/shipments/{id}` shows it afterwards. Each step
 * commits on its own, as the real requests would: when a later step is refused, the earlier ones
 * stay done (the answer is the refusal; the shipment shows how far it got).
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding, registerFindingMessages, type Finding } from '../../core/findings.js';
import { findShipment, getShipment } from '../shipments/get-shipment.js';
import type { ShipmentStatus } from '../shipments/shipment-status.js';
import type { ShipmentView } from '../shipments/shipment-view.js';
import { simulateWebhookFailure } from '../webhooks/simulate-webhook-failure.js';
import { simulateAdvance } from './simulate-progress.js';
import { simulateRemark } from './simulate-remark.js';
import { simulateSignature, type SimulationCaller } from './simulate-signature.js';
import type { PerformedStep, SimulateShipment, SimulationAction } from './simulation.schema.js';

registerFindingMessages({
  not_for_action: {
    en: (p) => `The field ${String(p.field)} does not apply to action ${String(p.action)}.`,
    nl: (p) => `Het veld ${String(p.field)} hoort niet bij actie ${String(p.action)}.`,
    de: (p) => `Das Feld ${String(p.field)} gilt nicht für die Aktion ${String(p.action)}.`,
    fr: (p) => `Le champ ${String(p.field)} ne s'applique pas à l'action ${String(p.action)}.`,
  },
});

type Field = Exclude<keyof SimulateShipment, 'action'>;

/** The fields each action takes, and of those the ones it requires. */
const FIELDS: Record<SimulationAction, { takes: readonly Field[]; requires: readonly Field[] }> = {
  sign: { takes: ['role', 'level', 'signer_name'], requires: [] },
  deliver: { takes: ['level'], requires: [] },
  remark: { takes: ['phase', 'type', 'text', 'photo'], requires: ['phase', 'type'] },
  advance: { takes: ['to', 'level'], requires: ['to'] },
  fail_webhooks: { takes: [], requires: [] },
  recover_webhooks: { takes: [], requires: [] },
};

/** 422 `validation_failed` with a finding per field the action does not take or misses. */
function checkFields(body: SimulateShipment): void {
  const { takes, requires } = FIELDS[body.action];
  const problems: Finding[] = [];
  for (const field of Object.keys(body) as (keyof SimulateShipment)[]) {
    if (field !== 'action' && !takes.includes(field)) problems.push(finding(field, 'not_for_action', { field, action: body.action }));
  }
  for (const field of requires) if (body[field] === undefined) problems.push(finding(field, 'required', { field }));
  if (problems.length > 0) throw new AppError('validation_failed', `The body does not fit action ${body.action}; see errors.`, { errors: problems });
}

export interface SimulationResult {
  action: SimulationAction;
  performed: PerformedStep[];
  shipment: ShipmentView;
}

async function perform(ctx: TenantContext, id: string, body: SimulateShipment, caller: SimulationCaller): Promise<PerformedStep[]> {
  const level = body.level ?? 'platform_auth';
  switch (body.action) {
    case 'sign':
      return [await simulateSignature(ctx, id, { role: body.role, level, signerName: body.signer_name }, caller)];
    case 'deliver':
      return simulateAdvance(ctx, id, 'delivered', level, caller);
    case 'advance':
      return simulateAdvance(ctx, id, body.to!, level, caller);
    case 'remark':
      return [await simulateRemark(ctx, id, { phase: body.phase!, type: body.type!, text: body.text, photo: body.photo }, caller)];
    case 'fail_webhooks':
    case 'recover_webhooks': {
      const status: ShipmentStatus = (await findShipment(ctx.db, ctx, id)).status;
      const endpoints = await simulateWebhookFailure(ctx, body.action === 'fail_webhooks');
      return [{ step: body.action, status, webhook_endpoint_ids: endpoints }];
    }
  }
}

/** Raises `validation_failed` for a body that does not fit its action, `not_found`, and what the action's real use cases raise. */
export async function simulateShipment(ctx: TenantContext, id: string, body: SimulateShipment, caller: SimulationCaller): Promise<SimulationResult> {
  checkFields(body);
  const performed = await perform(ctx, id, body, caller);
  return { action: body.action, performed, shipment: await getShipment(ctx, id, caller.language) };
}
