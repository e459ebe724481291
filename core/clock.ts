/**
 * Time comes from an injected clock so that tests can move it (expiry of
 * payments, BankID orders, tokens and sessions all depend on "now").
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock for tests: starts at a fixed instant and only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = "2026-01-15T10:00:00.000Z") {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }
}

/**
 * The end-to-end server's clock: real time plus an offset that tests move
 * forward (POST /_test/clock), so a card scheduled for tomorrow can be sent
 * without waiting a day. Time keeps running between moves.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Moves now to the instant; later calls keep counting from there. */
  set(instant: Date | string): void {
    this.offsetMs = new Date(instant).getTime() - this.base.now().getTime();
  }
}
