/**
 * The time window of a console list's filter (`from`, `to`): what the member typed in a
 * `datetime-local` or `date` field, read on the wall clock of their zone (src/core/wall-clock-input.ts),
 * as the `created_gte` / `created_lt` bounds of the module's list. The form shows the text back as typed.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { filterBound } from '../../core/wall-clock-input.js';

/** A `datetime-local` field's value (minutes, or seconds) or a `date` field's day. */
export const WALL_CLOCK_FILTER = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?)?$' }));

export interface CreatedWindow {
  created_gte?: string;
  created_lt?: string;
}

/** The list's bounds for `from` and `to` in `zone`; `bad_request` for a day or time that does not exist (`2026-02-30`). */
export function createdWindow(filters: { from?: string | undefined; to?: string | undefined }, zone: string): CreatedWindow {
  const bound = (name: 'from' | 'to') => {
    const text = filters[name];
    if (text === undefined) return undefined;
    const at = filterBound(text, zone, name);
    if (!at) throw new AppError('bad_request', `${name} names no day or time: ${text}.`, { errors: [finding(`query.${name}`, 'invalid')] });
    return at.toISOString();
  };
  const from = bound('from');
  const to = bound('to');
  return { ...(from ? { created_gte: from } : {}), ...(to ? { created_lt: to } : {}) };
}
