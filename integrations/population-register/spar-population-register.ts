import type { TlsOptions } from "../http/http-request";
import type { PopulationRecord, PopulationRegister } from "#core/donors/population-register";

/**
 * SEAM for the real register: SPAR (Statens personadressregister).
 *
 * NEEDS CONFIGURATION AND IMPLEMENTATION BEFORE USE. SPAR's person look-up
 * ("PersonSok") is a SOAP web service reached over mutual TLS with an
 * organisation certificate, after an agreement with SPAR that gives a
 * customer number and an assignment id. We could not verify the current WSDL,
 * endpoint or field names from here, so this class deliberately does not guess
 * a request: it fails loudly rather than return invented data. To finish it,
 * build the SOAP envelope from SPAR's published WSDL, send it with
 * `httpRequest` (which already does mutual TLS), map the answer to
 * PopulationRecord, and drop any address when the answer marks the person as
 * protected (sekretessmarkering / skyddad folkbokföring).
 */
export interface SparOptions {
  /** SPAR's PersonSok endpoint, from the agreement. */
  endpointUrl?: string;
  customerNumber?: string;
  assignmentId?: string;
  /** Organisation certificate (PKCS#12) and the CA for SPAR's server. */
  tls?: TlsOptions;
  timeoutMs?: number;
}

export class PopulationRegisterNotConfiguredError extends Error {
  constructor(missing: string[]) {
    super(
      `The SPAR population register is not configured (missing: ${missing.join(", ")}). ` +
        "Use createSimulatedPopulationRegister() outside production, or configure SPAR.",
    );
    this.name = "PopulationRegisterNotConfiguredError";
  }
}

export class PopulationRegisterNotImplementedError extends Error {
  constructor() {
    super(
      "The SPAR SOAP request is not implemented: the protocol could not be verified when this client was written. " +
        "See integrations/population-register/spar-population-register.ts.",
    );
    this.name = "PopulationRegisterNotImplementedError";
  }
}

export class SparPopulationRegister implements PopulationRegister {
  constructor(private readonly options: SparOptions = {}) {}

  async lookup(_personnummer: string): Promise<PopulationRecord | null> {
    const missing: string[] = [];
    if (!this.options.endpointUrl) missing.push("endpointUrl");
    if (!this.options.customerNumber) missing.push("customerNumber");
    if (!this.options.assignmentId) missing.push("assignmentId");
    if (!this.options.tls?.pfx) missing.push("tls.pfx");
    if (missing.length > 0) throw new PopulationRegisterNotConfiguredError(missing);
    throw new PopulationRegisterNotImplementedError();
  }
}
