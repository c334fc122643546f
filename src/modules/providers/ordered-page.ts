/**
 * A page of a short list kept in a fixed order (the catalogue by id, routing rules by position),
 * read whole and cut after the cursor's key: the same cursors (signed, per list and tenant,
 * `invalid_cursor` otherwise) as every keyset list.
 */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import type { OrderedListQuery } from './provider.schema.js';

export function orderedPage<T>(ctx: TenantContext, list: string, query: OrderedListQuery, rows: readonly T[], keyOf: (row: T) => string): Page<T> {
  const scope = cursorScope(ctx, list);
  const page = pageRequest(scope, query);
  const start = page.after === undefined ? 0 : rows.findIndex((row) => keyOf(row) > page.after!);
  const rest = start < 0 ? [] : rows.slice(start, start + page.limit + 1);
  return toPage(scope, page, [...rest], keyOf);
}
