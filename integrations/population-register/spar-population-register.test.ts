import { describe, expect, it } from "vitest";
import {
  PopulationRegisterNotConfiguredError,
  PopulationRegisterNotImplementedError,
  SparPopulationRegister,
} from "./spar-population-register";

describe("SparPopulationRegister", () => {
  it("refuses to work unconfigured, naming what is missing", async () => {
    const error = await new SparPopulationRegister().lookup("198112289874").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PopulationRegisterNotConfiguredError);
    expect((error as Error).message).toContain("endpointUrl, customerNumber, assignmentId, tls.pfx");
    expect((error as Error).message).not.toContain("198112289874");
  });

  it("does not invent an answer when configured, because the SOAP request is not implemented", async () => {
    const spar = new SparPopulationRegister({
      endpointUrl: "https://spar.example/PersonSok",
      customerNumber: "1",
      assignmentId: "2",
      tls: { pfx: Buffer.from("x") },
    });
    await expect(spar.lookup("198112289874")).rejects.toBeInstanceOf(PopulationRegisterNotImplementedError);
  });
});
