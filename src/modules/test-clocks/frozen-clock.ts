/**
 * The clock of a request acting on something attached to a test clock: it stands at the test
 * clock's frozen_time for the whole request, so every expiry and schedule the use case computes
 * from `ctx.clock` is in clock time (docs/sandbox-test-clocks.md). It keeps the real clock for
 * what must stay in real time (leases, the timestamp a webhook receiver checks).
 */
import type { Clock } from '../../core/clock.js';

interface FrozenClock extends Clock {
  readonly real: Clock;
}

export function frozenClock(at: Date, real: Clock): FrozenClock {
  const time = at.getTime();
  return { now: () => new Date(time), real };
}

/** The real clock behind `clock` (itself unless it is a test clock's). */
export function realClockOf(clock: Clock): Clock {
  return (clock as Partial<FrozenClock>).real ?? clock;
}
