/**
 * The time windows of pickup and delivery must make sense as a schedule. No article of the CMR
 * orders them (art. 6(1)(d) only asks for the date of taking over; art. 19 is about an agreed
 * time-limit for delivery), so these are the service's own rules, named as such in `source`.
 * Times are compared as instants (Date.parse, so offsets count). Only RFC 3339 date-times are
 * compared: Date.parse also reads `2026-12-01` or `12/01/2026`, which the schema refuses as
 * `invalid_format`, and a rule finding at the same path would hide that finding
 * (validate-shipment.ts keeps the rule's), naming the wrong problem.
 */
import type { Language } from '../../../core/language.js';
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { objectAt, stringAt } from './draft-reader.js';

type StopKey = 'pickup' | 'delivery';
const STOPS: readonly StopKey[] = ['pickup', 'delivery'];

/** The shape ajv-formats accepts as `date-time` (full mode), so the rule reads what the schema passes. */
const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}(:?\d{2})?)$/;

interface Instant {
  text: string;
  time: number;
}

/** Date.parse rolls 30 February over to 2 March; such a date is the schema's to refuse, not ours to compare. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function windowTime(draft: unknown, stop: StopKey, end: 'from' | 'to'): Instant | undefined {
  const text = stringAt(objectAt(objectAt(draft, stop), 'window'), end);
  if (text === undefined || !RFC3339_DATE_TIME.test(text) || !isCalendarDate(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : { text, time };
}

const WINDOW_NAME: Record<Language, Record<StopKey, string>> = {
  en: { pickup: 'pickup', delivery: 'delivery' },
  nl: { pickup: 'ophaalvenster', delivery: 'aflevervenster' },
  de: { pickup: 'Abholzeitfenster', delivery: 'Lieferzeitfenster' },
  fr: { pickup: "d'enlèvement", delivery: 'de livraison' },
};

const stopName = (language: Language, p: Record<string, unknown>) =>
  WINDOW_NAME[language][p.stop === 'delivery' ? 'delivery' : 'pickup'];

export const SCHEDULE_RULES: readonly Rule[] = [
  defineRule({
    code: 'window_ends_before_start',
    rule: 'schedule.window_order',
    source: 'Service rule: a time window ends after it starts',
    severity: 'error',
    messages: {
      en: (p) => `The ${stopName('en', p)} window ends at ${String(p.to)}, before it starts at ${String(p.from)}.`,
      nl: (p) => `Het ${stopName('nl', p)} eindigt op ${String(p.to)}, vóórdat het begint op ${String(p.from)}.`,
      de: (p) => `Das ${stopName('de', p)} endet am ${String(p.to)}, bevor es am ${String(p.from)} beginnt.`,
      fr: (p) => `Le créneau ${stopName('fr', p)} se termine le ${String(p.to)}, avant de commencer le ${String(p.from)}.`,
    },
    example: { stop: 'pickup', from: '2026-12-01T09:00:00Z', to: '2026-12-01T07:00:00Z' },
    check: (draft) =>
      STOPS.flatMap((stop): RuleHit[] => {
        const from = windowTime(draft, stop, 'from');
        const to = windowTime(draft, stop, 'to');
        return from && to && to.time < from.time ? [{ path: `$.${stop}.window.to`, params: { stop, from: from.text, to: to.text } }] : [];
      }),
  }),
  defineRule({
    code: 'delivery_before_pickup',
    rule: 'schedule.delivery_after_taking_over',
    source: 'Service rule: delivery follows the taking over of the goods',
    severity: 'error',
    messages: {
      en: (p) =>
        `The delivery window starts at ${String(p.delivery_from)}, before the pickup window starts at ${String(p.pickup_from)}; goods cannot be delivered before they are taken over.`,
      nl: (p) =>
        `Het aflevervenster begint op ${String(p.delivery_from)}, vóór het begin van het ophaalvenster op ${String(p.pickup_from)}; goederen kunnen niet worden afgeleverd voordat ze in ontvangst zijn genomen.`,
      de: (p) =>
        `Das Lieferzeitfenster beginnt am ${String(p.delivery_from)}, vor dem Beginn des Abholzeitfensters am ${String(p.pickup_from)}; Güter können nicht abgeliefert werden, bevor sie übernommen sind.`,
      fr: (p) =>
        `Le créneau de livraison commence le ${String(p.delivery_from)}, avant le début du créneau d'enlèvement le ${String(p.pickup_from)} ; la marchandise ne peut pas être livrée avant d'avoir été prise en charge.`,
    },
    example: { pickup_from: '2026-12-01T13:00:00Z', delivery_from: '2026-12-01T07:00:00Z' },
    check: (draft) => {
      const pickup = windowTime(draft, 'pickup', 'from');
      const delivery = windowTime(draft, 'delivery', 'from');
      return pickup && delivery && delivery.time < pickup.time
        ? [{ path: '$.delivery.window.from', params: { pickup_from: pickup.text, delivery_from: delivery.text } }]
        : [];
    },
  }),
];
