/**
 * The logging surface the domain needs. pino's Logger satisfies it; tests can
 * pass `silentLogger`. Personnummer, tokens and e-mail addresses are redacted by
 * the pino configuration in server/logging.ts, but core code should still never
 * put them in a log line on purpose.
 */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
