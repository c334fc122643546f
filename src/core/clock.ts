/** The clock is injected everywhere (DESIGN, Architecture): domain code never calls Date.now(). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand, so expiry and schedules are tested without waiting. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-15T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
}

interface FrozenClock extends Clock {
  readonly real: Clock;
}

/**
 * The clock of a request acting on something attached to a sandbox test clock: it stands at the
 * test clock's frozen_time for the whole request, so every expiry and schedule a use case computes
 * from `ctx.clock` is in clock time (docs/sandbox-test-clocks.md). It keeps the real clock for what
 * must stay in real time (leases, download links, the timestamp a webhook receiver checks).
 */
export function frozenClock(at: Date, real: Clock): FrozenClock {
  const time = at.getTime();
  return { now: () => new Date(time), real };
}

/** The real clock behind `clock`: itself unless it is a test clock's (frozenClock). */
export function realClockOf(clock: Clock): Clock {
  return (clock as Partial<FrozenClock>).real ?? clock;
}
