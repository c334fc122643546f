/**
 * The plan-a-tour form's state and what its buttons do to it: read the posted fields, move or
 * remove a stop, add ticked shipments (each a pickup and a delivery; only issued shipments of the
 * organisation and mode, through the shipments module's own read), and turn the form into the
 * tours API's body. Errors are the API's findings, put beside the form's fields by their path.
 */
import type { TenantContext } from '../../core/context.js';
import { isAppError } from '../../core/errors.js';
import { translateFindings, type Finding } from '../../core/findings.js';
import { documentValidator } from '../../core/json-validation.js';
import { getShipment } from '../shipments/get-shipment.js';
import { VehicleSchema } from '../shipments/shipment-input.schema.js';
import { TourDriverSchema, TourInputSchema, TourStopInputSchema, type TourInput } from '../tours/tour.schema.js';
import { apiLanguage, type ConsoleLanguage } from './console-words.js';
import type { FieldErrors, PlanForm, PlanStop } from './tour-pages.js';
import { TOUR_WORDS } from './tour-words.js';

const validateTour = documentValidator([VehicleSchema, TourDriverSchema, TourStopInputSchema, TourInputSchema], 'TourInput');

/** The posted form: `field` reads one field, `stopValues` are its `stop` fields (`shp_…:pickup`) in order. */
export function readPlanForm(field: (name: string) => string | undefined, stopValues: readonly string[], today: string): PlanForm {
  const text = (name: string) => (field(name) ?? '').trim();
  const stops: PlanStop[] = [];
  for (const value of stopValues) {
    const [shipment_id = '', kind] = value.split(':');
    if (kind === 'pickup' || kind === 'delivery') stops.push({ shipment_id, kind });
  }
  return {
    name: text('name'),
    date: text('date') || today,
    driver_name: text('driver_name'),
    driver_phone: text('driver_phone').replace(/[\s().-]/g, ''),
    driver_language: text('driver_language'),
    plate: text('plate'),
    trailer_plate: text('trailer_plate'),
    q: text('q').slice(0, 100),
    stops,
  };
}

/** The form after a move (`up:i`, `down:i`) or remove (`i`) button; unchanged for anything else. */
export function rearranged(form: PlanForm, move: string | undefined, remove: string | undefined): PlanForm {
  const stops = [...form.stops];
  const at = Number(remove);
  if (remove !== undefined && Number.isInteger(at) && at >= 0 && at < stops.length) stops.splice(at, 1);
  const [direction, index] = (move ?? '').split(':');
  const i = Number(index);
  const j = direction === 'up' ? i - 1 : direction === 'down' ? i + 1 : -1;
  if (Number.isInteger(i) && i >= 0 && i < stops.length && j >= 0 && j < stops.length) [stops[i], stops[j]] = [stops[j]!, stops[i]!];
  return { ...form, stops };
}

/** Adds each ticked shipment (pickup, then delivery) unless already in the tour; a shipment that is not an issued one of this tenant is an error on the picker. */
export async function withPicked(ctx: TenantContext, language: ConsoleLanguage, form: PlanForm, picked: string[]): Promise<{ form: PlanForm; errors: FieldErrors }> {
  const w = TOUR_WORDS[language];
  const errors: string[] = [];
  const stops = [...form.stops];
  for (const id of new Set(picked)) {
    if (stops.some((s) => s.shipment_id === id)) continue;
    const shipment = await getShipment(ctx, id, apiLanguage(language)).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'not_found') return undefined;
      throw error;
    });
    if (!shipment) errors.push(w.pickNotFound(id));
    else if (shipment.status !== 'issued') errors.push(w.pickNotIssued(id, shipment.status));
    else {
      const reference = typeof shipment.reference === 'string' ? shipment.reference : null;
      stops.push({ shipment_id: id, kind: 'pickup', reference }, { shipment_id: id, kind: 'delivery', reference });
    }
  }
  return { form: { ...form, stops }, errors: errors.length > 0 ? { pick: errors } : {} };
}

/** Names the stops by their shipments' references, where the shipment is the tenant's. */
export async function namedStops(ctx: TenantContext, language: ConsoleLanguage, form: PlanForm): Promise<PlanForm> {
  const references = new Map<string, string | null>();
  for (const stop of form.stops) {
    if (references.has(stop.shipment_id)) continue;
    const shipment = await getShipment(ctx, stop.shipment_id, apiLanguage(language)).catch(() => undefined);
    references.set(stop.shipment_id, typeof shipment?.reference === 'string' ? shipment.reference : null);
  }
  return { ...form, stops: form.stops.map((s) => ({ ...s, reference: references.get(s.shipment_id) ?? null })) };
}

/** The tours API's body of the form. */
export function tourInput(form: PlanForm): TourInput {
  const vehicle = form.plate || form.trailer_plate ? { plate: form.plate, ...(form.trailer_plate ? { trailer_plate: form.trailer_plate } : {}) } : undefined;
  return {
    name: form.name,
    date: form.date,
    driver: { name: form.driver_name, phone: form.driver_phone, ...(form.driver_language ? { language: form.driver_language } : {}) },
    ...(vehicle ? { vehicle } : {}),
    stops: form.stops.map((s) => ({ shipment_id: s.shipment_id, kind: s.kind })),
  };
}

const FIELD_OF_PATH: Record<string, string> = {
  '$.name': 'name',
  '$.date': 'date',
  '$.driver': 'driver_name',
  '$.driver.name': 'driver_name',
  '$.driver.phone': 'driver_phone',
  '$.driver.language': 'driver_language',
  '$.vehicle': 'plate',
  '$.vehicle.plate': 'plate',
  '$.vehicle.trailer_plate': 'trailer_plate',
  '$.stops': 'stops',
};

/** Findings of the API's body put beside the form's fields, in the page's language. */
export function fieldErrors(findings: Finding[], language: ConsoleLanguage): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of translateFindings(findings, apiLanguage(language))) {
    const stop = /^\$\.stops\[(\d+)\]/.exec(f.path);
    const field = stop ? `stops[${stop[1]}]` : (FIELD_OF_PATH[f.path] ?? 'stops');
    (errors[field] ??= []).push(f.message);
  }
  return errors;
}

/** The API schema's findings on the form's body (none: the body is well formed). */
export function schemaErrors(input: TourInput, language: ConsoleLanguage): FieldErrors {
  const findings = validateTour(input);
  const errors = fieldErrors(findings, language);
  if (input.stops.length === 0) errors.stops = [TOUR_WORDS[language].stopsMissing];
  return errors;
}
