/**
 * Cursor pagination for every list (DESIGN: `{"data", "has_more", "next_cursor"}`).
 *
 * A cursor is opaque to clients: base64url JSON naming the list, the sort order and the last id
 * seen, with an expiry, followed by an HMAC over that payload and the tenant. So a cursor that we
 * did not issue, that was edited, that belongs to another list, organisation or mode, or that
 * expired is refused with `invalid_cursor` rather than silently giving a wrong page.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { realClockOf } from './clock.js';
import { AppError } from './errors.js';
import type { Mode } from './mode.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** A cursor outlives any reasonable page-by-page walk but not a bookmark. */
export const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;

export type SortOrder = 'desc' | 'asc';

export interface PageRequest {
  limit: number;
  order: SortOrder;
  /** Keyset position: the id after which (in `order`) the page starts. */
  after?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface CursorScope {
  secret: string;
  list: string;
  organizationId: string;
  mode: Mode;
  now: Date;
}

interface CursorPayload {
  l: string;
  o: SortOrder;
  a: string;
  e: number;
}

/** The cursor scope of a tenant's list, from its use-case context. */
export function cursorScope(ctx: { secrets: { cursor: string }; organizationId: string; mode: Mode; clock: { now(): Date } }, list: string): CursorScope {
  // Real time even on a sandbox test clock: advancing it must not expire the cursor of a list being walked.
  return { secret: ctx.secrets.cursor, list, organizationId: ctx.organizationId, mode: ctx.mode, now: realClockOf(ctx.clock).now() };
}

function sign(scope: CursorScope, body: string): string {
  return createHmac('sha256', scope.secret).update(`${scope.organizationId}|${scope.mode}|${body}`).digest('base64url');
}

export function encodeCursor(scope: CursorScope, order: SortOrder, after: string): string {
  const payload: CursorPayload = { l: scope.list, o: order, a: after, e: scope.now.getTime() + CURSOR_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(scope, body)}`;
}

/** Turns list query parameters into a keyset request; raises `invalid_cursor`. */
export function pageRequest(scope: CursorScope, query: { limit?: number; order?: SortOrder; cursor?: string }): PageRequest {
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (query.cursor === undefined) return { limit, order: query.order ?? 'desc' };
  const invalid = (why: string) => new AppError('invalid_cursor', `${why}; restart the list without a cursor.`);
  const [body, mac, extra] = query.cursor.split('.');
  if (!body || !mac || extra !== undefined) throw invalid('The cursor was not issued by this API');
  const expected = Buffer.from(sign(scope, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid('The cursor was not issued by this API for this list');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
  if (payload.l !== scope.list) throw invalid('The cursor belongs to another list');
  if (payload.e < scope.now.getTime()) throw invalid('The cursor expired');
  if (query.order !== undefined && query.order !== payload.o) throw invalid('The cursor was issued for the other sort order');
  return { limit, order: payload.o, after: payload.a };
}

/**
 * Makes a page from rows fetched with `limit + 1`: the extra row only tells whether more follow.
 * The cursor keeps the last row's key: its `id` unless `keyOf` says otherwise.
 */
export function toPage<T>(scope: CursorScope, request: PageRequest, rows: T[], keyOf: (row: T) => string = (row) => (row as { id: string }).id): Page<T> {
  const has_more = rows.length > request.limit;
  const data = has_more ? rows.slice(0, request.limit) : rows;
  const last = data.at(-1);
  return { data, has_more, next_cursor: has_more && last !== undefined ? encodeCursor(scope, request.order, keyOf(last)) : null };
}

/** What a list's repository is asked for: the rows after `after` in `order`, one more than the page. */
export interface PageWindow {
  after?: string;
  order: SortOrder;
  limit: number;
}

/**
 * One page of a keyset list named `list` (the name is in its cursors, so it must never change):
 * checks the cursor, reads the window through `fetch` and shows each row with `view`. `fetch` also
 * gets the scope, whose `now` is real time. The cursor keeps the last row's key: its `id` unless
 * `keyOf` says otherwise (a list ordered by a composite key). Raises `invalid_cursor`.
 */
export async function listPage<R, T>(
  ctx: Parameters<typeof cursorScope>[0],
  list: string,
  query: { limit?: number; order?: SortOrder; cursor?: string },
  fetch: (window: PageWindow, scope: CursorScope) => Promise<R[]>,
  view: (row: R) => T,
  keyOf: (row: R) => string = (row) => (row as { id: string }).id,
): Promise<Page<T>> {
  const scope = cursorScope(ctx, list);
  const page = pageRequest(scope, query);
  const rows = await fetch({ after: page.after, order: page.order, limit: page.limit + 1 }, scope);
  const keyed = toPage(scope, page, rows, keyOf);
  return { ...keyed, data: keyed.data.map(view) };
}

/**
 * The query of a list whose natural order is oldest first: `asc` unless the client chose, on a
 * first page only (a cursor carries the order it was issued for).
 */
export function oldestFirst<Q extends { order?: SortOrder; cursor?: string }>(query: Q): Q {
  return query.cursor === undefined && query.order === undefined ? { ...query, order: 'asc' } : query;
}

/**
 * The cursor context of a list that belongs to one holder rather than to a tenant's mode (a user's
 * console sessions, a driver session's tours): its cursors are signed for that holder, so they
 * work for no one else.
 */
export function holderCursorContext(services: { secrets: { cursor: string }; clock: { now(): Date } }, holder: string): Parameters<typeof cursorScope>[0] {
  return { secrets: services.secrets, clock: services.clock, organizationId: holder, mode: 'live' };
}
