/**
 * The dry run of a create (POST /v1/shipments/validate): the body, merged over its template when it
 * names one (apply-shipment-template.ts), validated exactly as the create would. Nothing is stored.
 * Raises `invalid_id` and `not_found` for a template id that is malformed or names no usable
 * template; every other problem is a finding in the result.
 */
import type { TenantContext } from '../../core/context.js';
import type { Language } from '../../core/language.js';
import { applyShipmentTemplate } from '../shipment-templates/apply-shipment-template.js';
import { validateShipment, type ValidationResult } from './validate-shipment.js';

export async function dryRunShipment(ctx: TenantContext, sent: unknown, language: Language): Promise<ValidationResult> {
  const { body } = await applyShipmentTemplate(ctx, sent);
  return validateShipment(body, language);
}
