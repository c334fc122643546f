/**
 * The console's shipment form and the shipment input: which fields the form has (a name per JSON
 * path, `consignor.address.city`, `goods[0].quantity`), the input a filled form stands for (empty
 * fields left out, numbers read as numbers when they are numbers, else kept as typed so that the
 * validator names them), the values of a stored shipment, the merge patch an edit form stands for,
 * and which field each finding concerns. The form holds the fields of a road consignment note most
 * shipments need; the fields it does not show are kept as they are by an edit.
 */
import { isPlainObject } from '../../core/merge-patch.js';
import { offsetText, utcOffsetMinutes } from '../../core/local-time.js';
import { instantAtWallClock } from '../../core/wall-clock-input.js';
import type { Finding } from '../../core/findings.js';
import { PACKAGE_TYPES } from '../shipments/shipment-input.schema.js';

/** A posted form as the console's form parser gives it (FormBody): one string per field, or several. */
type FormBody = Record<string, string | string[]>;

export type FieldKind = 'text' | 'email' | 'tel' | 'country' | 'integer' | 'number' | 'datetime' | 'select';
export type FieldGroup = 'general' | 'consignor' | 'consignee' | 'carrier' | 'pickup' | 'delivery' | 'goods' | 'vehicle' | 'driver';

export interface FormField {
  /** The form's name of the field: its JSON path without `$.`. */
  name: string;
  group: FieldGroup;
  /** The key of its label in the page's words: the path's last part. */
  label: string;
  kind: FieldKind;
  options?: readonly string[];
}

const field = (name: string, group: FieldGroup, kind: FieldKind = 'text', options?: readonly string[]): FormField => ({ name, group, label: name.split('.').pop()!.replace(/\[\d+\]$/, ''), kind, ...(options ? { options } : {}) });

const address = (prefix: string, group: FieldGroup) => [
  field(`${prefix}.street`, group),
  field(`${prefix}.postal_code`, group),
  field(`${prefix}.city`, group),
  field(`${prefix}.country`, group, 'country'),
];
const party = (role: 'consignor' | 'consignee' | 'carrier') => [
  field(`${role}.name`, role),
  ...address(`${role}.address`, role),
  field(`${role}.contact.email`, role, 'email'),
  field(`${role}.contact.phone`, role, 'tel'),
];
const stop = (which: 'pickup' | 'delivery') => [...address(`${which}.address`, which), field(`${which}.window.from`, which, 'datetime')];

export function goodsFields(index: number): FormField[] {
  const at = `goods[${index}]`;
  return [field(`${at}.description`, 'goods'), field(`${at}.quantity`, 'goods', 'integer'), field(`${at}.package_type`, 'goods', 'select', PACKAGE_TYPES), field(`${at}.gross_weight_kg`, 'goods', 'number')];
}

/** The form's fields with `goodsLines` goods lines, in the order of the page. */
export function shipmentFormFields(goodsLines: number): FormField[] {
  return [
    field('reference', 'general'),
    ...party('consignor'),
    ...party('consignee'),
    ...party('carrier'),
    ...stop('pickup'),
    ...stop('delivery'),
    ...Array.from({ length: Math.max(1, goodsLines) }, (_, i) => goodsFields(i)).flat(),
    field('vehicle.plate', 'vehicle'),
    field('driver.name', 'driver'),
    field('driver.phone', 'driver', 'tel'),
    field('driver.email', 'driver', 'email'),
  ];
}

/** How many goods lines a posted form carries (its `goods[n].…` names), at least one, at most the schema's 200. */
export function goodsLinesOf(body: FormBody): number {
  let lines = 1;
  for (const name of Object.keys(body)) {
    const index = /^goods\[(\d{1,3})\]\./.exec(name)?.[1];
    if (index !== undefined) lines = Math.max(lines, Math.min(Number(index) + 1, 200));
  }
  return lines;
}

type Segment = string | number;

function segments(name: string): Segment[] {
  return name.split('.').flatMap((part) => {
    const m = /^(.+)\[(\d+)\]$/.exec(part);
    return m ? [m[1]!, Number(m[2])] : [part];
  });
}

function setAt(target: Record<string, unknown>, path: Segment[], value: unknown): void {
  let node: Record<string | number, unknown> = target;
  path.forEach((segment, i) => {
    if (i === path.length - 1) {
      if (value === undefined) delete node[segment];
      else node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null) node[segment] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[segment] as Record<string | number, unknown>;
  });
}

function getAt(source: unknown, path: Segment[]): unknown {
  return path.reduce<unknown>((node, segment) => (typeof node === 'object' && node !== null ? (node as Record<Segment, unknown>)[segment] : undefined), source);
}

/** What a typed value stands for in the input; a value that is not what the field takes stays as typed. */
function inputValue(field: FormField, typed: string, zone: string): unknown {
  const text = typed.trim();
  if (field.kind === 'integer' && /^\d{1,9}$/.test(text)) return Number(text);
  if (field.kind === 'number' && /^\d+([.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  if (field.kind === 'country') return text.toUpperCase();
  if (field.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return typedTime(text, zone) ?? text;
  return text;
}

/**
 * A datetime-local input sends minutes without a zone: they are read on the wall clock of the
 * member's zone (the form names it beside each time), and kept with that zone's offset at the time,
 * so the shipment says 08:00+01:00 where a dispatcher in Warsaw typed 08:00 (UTC: Z). A time the
 * zone skips moves forward as wall-clock-input.ts says; a day that does not exist stays as typed,
 * for the validator to name.
 */
function typedTime(text: string, zone: string): string | undefined {
  const at = instantAtWallClock(text, zone);
  if (!at) return undefined;
  const offset = utcOffsetMinutes(at, zone);
  const wall = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}${zone === 'UTC' ? 'Z' : offsetText(offset)}`;
}

function sameInstant(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b);
}

/** Drops empty objects and arrays, and empty entries of arrays, left where fields were emptied. */
function pruned(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([k, v]) => [k, pruned(v)] as const).filter(([, v]) => v !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** The shipment input a filled form stands for, on top of `base` (an edit: the stored input). */
export function formInput(body: FormBody, base: Record<string, unknown>, zone: string): Record<string, unknown> {
  const document = structuredClone(base);
  const fields = shipmentFormFields(goodsLinesOf(body));
  for (const f of fields) {
    const raw = body[f.name];
    const typed = Array.isArray(raw) ? raw[0] : raw;
    const path = segments(f.name);
    const value = typed === undefined || typed.trim() === '' ? undefined : inputValue(f, typed, zone);
    // A stored time the form shows unchanged stays as stored (its own offset): saving changes nothing.
    setAt(document, path, f.kind === 'datetime' && sameInstant(getAt(base, path), value) ? getAt(base, path) : value);
  }
  // Only what the form holds is tidied: the rest of a stored input stays exactly as it was.
  for (const key of new Set(fields.map((f) => segments(f.name)[0] as string))) {
    const value = pruned(document[key]);
    if (value === undefined) delete document[key];
    else document[key] = value;
  }
  return document;
}

/** The form's values of a stored input (times shown to the minute, on the wall clock of `zone`). */
export function formValuesOf(data: Record<string, unknown>, zone: string): Record<string, string> {
  const goods = Array.isArray(data.goods) ? data.goods.length : 1;
  const values: Record<string, string> = {};
  for (const f of shipmentFormFields(goods)) {
    const value = getAt(data, segments(f.name));
    if (value === undefined || value === null) continue;
    const text = String(value);
    const time = f.kind === 'datetime' ? Date.parse(text) : Number.NaN;
    values[f.name] = Number.isNaN(time) ? text : new Date(time + utcOffsetMinutes(new Date(time), zone) * 60_000).toISOString().slice(0, 16);
  }
  return values;
}

/** The JSON merge patch (RFC 7396) that turns `before` into `after`: removed members are `null`, arrays are replaced whole. */
export function mergePatchBetween(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isPlainObject(old) && isPlainObject(value)) {
      const inner = mergePatchBetween(old, value);
      if (Object.keys(inner).length > 0) patch[key] = inner;
    } else if (JSON.stringify(old) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch;
}

/**
 * The field a finding concerns: the field of its path, else the first field under it (a missing
 * consignor is shown at its name), else none (the page lists it above the form).
 */
export function fieldOfFinding(fields: readonly FormField[], finding: Pick<Finding, 'path'>): string | undefined {
  const name = finding.path.replace(/^\$\.?/, '');
  if (name === '') return undefined;
  return fields.find((f) => f.name === name)?.name ?? fields.find((f) => f.name.startsWith(`${name}.`) || f.name.startsWith(`${name}[`))?.name;
}

export interface PlacedFindings {
  /** Per field name, the messages of the findings it concerns. */
  byField: Record<string, { errors: string[]; warnings: string[] }>;
  /** Findings of no field of the form, with their path. */
  general: { path: string; message: string; warning: boolean }[];
}

export function placeFindings(fields: readonly FormField[], result: { errors: Finding[]; warnings: Finding[] }): PlacedFindings {
  const placed: PlacedFindings = { byField: {}, general: [] };
  const place = (f: Finding, warning: boolean) => {
    const name = fieldOfFinding(fields, f);
    if (!name) return void placed.general.push({ path: f.path, message: f.message, warning });
    const slot = (placed.byField[name] ??= { errors: [], warnings: [] });
    (warning ? slot.warnings : slot.errors).push(f.message);
  };
  for (const f of result.errors) place(f, false);
  for (const f of result.warnings) place(f, true);
  return placed;
}

/** The element id of a field (`goods[0].quantity` → `f-goods-0-quantity`). */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^a-z0-9_]+/gi, '-').replace(/-+$/, '')}`;
}
