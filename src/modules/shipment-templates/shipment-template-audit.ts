/**
 * What the audit log keeps of a template act. A template's parties and contacts name people, and
 * its name is free text that may too (a customer's name); the audit log is kept whole, beyond the
 * reach of an erasure, so it keeps the template's id and which fields were set or changed, never a
 * value, the name neither.
 */
import { isDeepStrictEqual } from 'node:util';
import { TEMPLATE_FIELDS } from './shipment-template.schema.js';

export const TEMPLATE_AUDIT_TARGET = 'shipment_template';

/** The template fields `data` sets, in schema order. */
export function setFields(data: Record<string, unknown>): string[] {
  return TEMPLATE_FIELDS.filter((field) => data[field] !== undefined);
}

/** The template fields whose value differs between `before` and `after`. */
export function changedTemplateFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return TEMPLATE_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
}
