/**
 * The keyset half of every cursor-paginated list (src/core/pagination.ts gives the cursors): rows
 * ordered by one unique, increasing key, starting strictly after the cursor's key in that order.
 * `limit` is the page size plus one (the extra row only tells whether more follow); a repository
 * that also reads whole lists leaves it out.
 */
import type { ComparisonOperatorExpression, OperandValueExpressionOrList, SelectQueryBuilder, StringReference } from 'kysely';
import type { SortOrder } from '../core/pagination.js';

export interface KeysetWindow {
  /** The key of the last row of the previous page, if any. */
  after?: string;
  order: SortOrder;
  limit?: number;
}

/** Orders `query` by `key` in the window's order and keeps the rows after the window's key. */
export function keysetWindow<DB, TB extends keyof DB, O, K extends StringReference<DB, TB>>(query: SelectQueryBuilder<DB, TB, O>, key: K, window: KeysetWindow): SelectQueryBuilder<DB, TB, O> {
  const beyond: ComparisonOperatorExpression = window.order === 'desc' ? '<' : '>';
  let windowed = query.orderBy(key, window.order);
  // Kysely cannot see through the generic tables that the key column is text, as a cursor key is.
  if (window.after) windowed = windowed.where(key, beyond, window.after as OperandValueExpressionOrList<DB, TB, K>);
  return window.limit === undefined ? windowed : windowed.limit(window.limit);
}
