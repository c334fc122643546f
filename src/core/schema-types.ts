/** Small TypeBox building blocks shared by every resource schema. */
import { Type, type SchemaOptions, type TString } from '@sinclair/typebox';
import { idPattern, type IdKind } from './ids.js';

/**
 * A string enumeration as `{type: string, enum: [...]}`: one clear validation error and a plain
 * `enum` in OpenAPI, where a union of literals would give `anyOf` noise in both.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An identifier of one kind; a value of the wrong shape is `invalid_id` (DESIGN, Errors). */
export function IdString(kind: IdKind, options: SchemaOptions = {}): TString {
  return Type.String({ pattern: idPattern(kind), ...options });
}

export const DateTimeString = (options: SchemaOptions = {}) => Type.String({ format: 'date-time', ...options });
