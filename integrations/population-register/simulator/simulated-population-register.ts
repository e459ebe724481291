import { z } from "zod";
import { systemClock, type Clock } from "#core/clock";
import { parsePersonnummer } from "#core/identity/personnummer";
import { silentLogger, type Logger } from "#core/logger";
import type { PopulationRecord, PopulationRegister } from "#core/donors/population-register";
import testRegister from "./test-register.json";

const recordSchema = z.object({
  personnummer: z.string().regex(/^\d{12}$/),
  givenName: z.string().min(1),
  surname: z.string().min(1),
  protectedIdentity: z.boolean(),
  address: z.object({ street: z.string().min(1), postalCode: z.string().regex(/^\d{3} \d{2}$/), city: z.string().min(1) }).optional(),
});
const registerSchema = z.object({ persons: z.array(recordSchema) });

export interface SimulatedPopulationRegisterOptions {
  /** Replaces the built-in fictional register (test-register.json). */
  persons?: PopulationRecord[];
  clock?: Clock;
  logger?: Logger;
}

/**
 * The default register outside production: fictional people with
 * Skatteverket's test personnummer. Samordningsnummer are never found, as in
 * the real register (their holders are not folkbokförda). A protected
 * person's record carries no address at all, even if the data had one.
 */
export function createSimulatedPopulationRegister(options: SimulatedPopulationRegisterOptions = {}): PopulationRegister {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const persons = registerSchema.parse({ persons: options.persons ?? testRegister.persons }).persons;
  const byNumber = new Map(persons.map((person) => [person.personnummer, person]));

  return {
    async lookup(personnummer: string): Promise<PopulationRecord | null> {
      const canonical = parsePersonnummer(personnummer, { now: clock.now() })?.canonical;
      const person = canonical === undefined ? undefined : byNumber.get(canonical);
      // Whether and what was found, never whom: the number is personal data.
      logger.debug({ found: person !== undefined, protectedIdentity: person?.protectedIdentity ?? false }, "population register lookup");
      if (!person) return null;

      const record: PopulationRecord = {
        personnummer: person.personnummer,
        givenName: person.givenName,
        surname: person.surname,
        protectedIdentity: person.protectedIdentity,
      };
      if (!person.protectedIdentity && person.address) record.address = { ...person.address };
      return record;
    },
  };
}
