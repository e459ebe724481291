/**
 * What starting or giving to any fundraiser – a personal one or a memorial
 * collection, one table since decision 0050 – refuses with, whichever kind:
 * one class each, so a route tells them apart the same way for both.
 */

/** Input that looked right but cannot be used (the address is taken, the person is gone from the source): field → Swedish message. Nothing was stored. */
export class FundraiserInputError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(" "));
    this.name = "FundraiserInputError";
  }
}

/** A gift for a fundraiser that no longer takes gifts (closed, ended, hidden): nothing was stored. */
export class FundraiserClosedError extends Error {
  constructor(message = "Insamlingen är avslutad och tar inte emot fler gåvor.") {
    super(message);
    this.name = "FundraiserClosedError";
  }
}
