import { describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { parsePersonnummer } from "#core/identity/personnummer";
import { redactPersonnummer } from "#core/identity/redact-personnummer";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { DEFAULT_BANKID_TEST_PERSONS } from "../../bankid/simulator/test-persons";
import { createSimulatedPopulationRegister } from "./simulated-population-register";
import testRegister from "./test-register.json";

const clock = new ManualClock();

function recordingLogger() {
  const lines: unknown[] = [];
  const log = (obj: object, msg?: string) => void lines.push({ ...obj, msg });
  return { lines, debug: log, info: log, warn: log, error: log };
}
const register = createSimulatedPopulationRegister({ clock });

describe("createSimulatedPopulationRegister", () => {
  it("finds a person with name and address, whatever form the number is typed in", async () => {
    const expected = {
      personnummer: "198112289874",
      givenName: "Erik",
      surname: "Lindgren",
      protectedIdentity: false,
      address: { street: "Storgatan 12", postalCode: "114 51", city: "Stockholm" },
    };
    for (const input of ["198112289874", "19811228-9874", "811228-9874", "8112289874"]) {
      expect(await register.lookup(input), input).toEqual(expected);
    }
  });

  it("gives no address at all for a protected identity", async () => {
    const record = await register.lookup("198108222384");
    expect(record).toEqual({ personnummer: "198108222384", givenName: "Maria", surname: "Ek", protectedIdentity: true });
    expect(record && "address" in record).toBe(false);
  });

  it("drops an address for a protected identity even if the data holds one", async () => {
    const leaky = createSimulatedPopulationRegister({
      clock,
      persons: [
        {
          personnummer: "198404152392",
          givenName: "Anders",
          surname: "Sjöberg",
          protectedIdentity: true,
          address: { street: "Hemlig väg 1", postalCode: "123 45", city: "Hemlig" },
        },
      ],
    });
    const record = await leaky.lookup("198404152392");
    expect(record?.protectedIdentity).toBe(true);
    expect(record && "address" in record).toBe(false);
  });

  it("returns null for unknown, invalid and samordningsnummer", async () => {
    expect(await register.lookup("198202142397")).toBe(null); // valid, but not in the register
    expect(await register.lookup("198112289875")).toBe(null); // wrong check digit
    expect(await register.lookup("not a number")).toBe(null);
    expect(await register.lookup("202201612393")).toBe(null);
  });

  it("returns a copy, so callers cannot change the register", async () => {
    const first = await register.lookup("199001012385");
    if (first?.address) first.address.city = "Ändrad";
    expect((await register.lookup("199001012385"))?.address?.city).toBe("Göteborg");
  });

  it("never logs a personnummer", async () => {
    const logger = recordingLogger();
    const logged = createSimulatedPopulationRegister({ clock, logger });
    await logged.lookup("198112289874");
    await logged.lookup("198108222384");
    await logged.lookup("198202142397");
    const text = JSON.stringify(logger.lines);
    expect(logger.lines).toHaveLength(3);
    expect(redactPersonnummer(text)).toBe(text);
  });
});

describe("the fictional test register", () => {
  const persons = testRegister.persons;

  it("has at least 12 people, some with protected identity, all with Skatteverket test numbers", () => {
    expect(persons.length).toBeGreaterThanOrEqual(12);
    expect(persons.filter((p) => p.protectedIdentity).length).toBeGreaterThanOrEqual(2);
    for (const person of persons) {
      expect(TEST_PERSONNUMMER as readonly string[]).toContain(person.personnummer);
      expect(parsePersonnummer(person.personnummer, { now: clock.now() })?.canonical).toBe(person.personnummer);
    }
  });

  it("stores no address for a protected identity", () => {
    for (const person of persons.filter((p) => p.protectedIdentity)) expect("address" in person).toBe(false);
  });

  it("holds every BankID simulator test person under the same name", async () => {
    for (const person of DEFAULT_BANKID_TEST_PERSONS) {
      const record = await register.lookup(person.personalNumber);
      expect(record, person.personalNumber).toMatchObject({ givenName: person.givenName, surname: person.surname });
    }
  });
});
