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
