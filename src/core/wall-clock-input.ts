/**
 * A time as a person types it (a `datetime-local` or `date` field: no zone) read on the wall clock
 * of their zone: the console's filters take `2026-03-29T02:30` from a member in Europe/Warsaw as
 * Warsaw time. The inverse of local-time.ts's printing, through Intl's zone data.
 *
 * A wall-clock time a zone skips (the spring change: 02:30 in Warsaw on the last Sunday of March)
 * moves forward by the gap (03:30 CEST), as a clock set by hand would show it; a time a zone
 * passes twice (the autumn change: 02:30 on the last Sunday of October) is the first of the two,
 * in summer time, so that a window starting or ending there leaves out nothing of the hour.
 */
import { utcOffsetMinutes } from './local-time.js';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_MS = 86_400_000;

/** The fields of `YYYY-MM-DD[THH:mm[:ss]]` as a UTC timestamp of the same numbers, or undefined for a day or time that does not exist (`2026-02-30`, `24:00`). */
function wallClockAsUtc(text: string): number | undefined {
  const m = WALL_CLOCK.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const at = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(at);
  const same = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day && back.getUTCHours() === hour && back.getUTCMinutes() === minute && back.getUTCSeconds() === second;
  return same ? at : undefined;
}

/** The instant whose wall clock in `zone` reads the UTC-numbered `wall` (see the top of this file for skipped and doubled times). */
function instantOf(wall: number, zone: string): Date {
  // The offsets a day either side: every European change is one step of an hour, so these are the
  // two offsets the wall-clock time can be read in (equal on all but two days of the year).
  const before = utcOffsetMinutes(new Date(wall - DAY_MS), zone);
  const after = utcOffsetMinutes(new Date(wall + DAY_MS), zone);
  const readings = [before, after]
    .map((offset) => ({ offset, at: wall - offset * 60_000 }))
    .filter(({ offset, at }) => utcOffsetMinutes(new Date(at), zone) === offset)
    .map(({ at }) => at);
  // None: a skipped time; read in the offset before the change, it lands as far past the change as it was past its start.
  return new Date(readings.length > 0 ? Math.min(...readings) : wall - before * 60_000);
}

/** The instant `YYYY-MM-DDTHH:mm[:ss]` (or `YYYY-MM-DD`, its midnight) names on the wall clock of `zone`; undefined when the text names no such time. */
export function instantAtWallClock(text: string, zone: string): Date | undefined {
  const wall = wallClockAsUtc(text);
  return wall === undefined ? undefined : instantOf(wall, zone);
}

/**
 * A filter's bound as typed, on the wall clock of `zone`: a time is that moment; a day alone is
 * its start as a `from` bound and, as a `to` bound, the start of the next day (the window ends
 * with the whole day, at its end in that zone, 23 or 25 hours later on a day of a change).
 * Filters take rows at or after `from` and before `to`. Undefined when the text names no time.
 */
export function filterBound(text: string, zone: string, side: 'from' | 'to'): Date | undefined {
  const wall = wallClockAsUtc(text);
  if (wall === undefined) return undefined;
  const dayOnly = text.length === 10;
  return instantOf(dayOnly && side === 'to' ? wall + DAY_MS : wall, zone);
}
