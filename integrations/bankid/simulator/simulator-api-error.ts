import type { BankIdErrorCode } from "#core/donors/bankid-relying-party";

/** An error the simulator answers with, exactly as BankID would: status plus `{errorCode, details}`. */
export class SimulatorApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: BankIdErrorCode,
    readonly details: string,
  ) {
    super(`${status} ${errorCode}: ${details}`);
    this.name = "SimulatorApiError";
  }
}
