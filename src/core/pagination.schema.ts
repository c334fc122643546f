/** The query parameters and the response envelope every list shares (DESIGN: lists answer data/has_more/next_cursor). */
import { Type, type TSchema } from '@sinclair/typebox';
import { DEFAULT_LIMIT, MAX_LIMIT } from './pagination.js';
import { StringEnum } from './schema-types.js';

export const pageQueryProperties = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: `Page size, 1-${MAX_LIMIT}.` })),
  cursor: Type.Optional(Type.String({ maxLength: 1000, description: '`next_cursor` of the previous page. Valid 24 hours, for this list only.' })),
  order: Type.Optional(StringEnum(['desc', 'asc'] as const, { description: 'Newest first (`desc`, the default) or oldest first.' })),
};

export function PageOf(item: TSchema, id: string) {
  return Type.Object(
    {
      data: Type.Array(item),
      has_more: Type.Boolean(),
      next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last.' }),
    },
    { $id: id },
  );
}
