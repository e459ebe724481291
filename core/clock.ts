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
