/**
 * The population register (folkbokföringen, via SPAR) as the site needs it:
 * a donor's name and address from their personnummer, and whether their
 * identity is protected (skyddad identitet). For a protected person the
 * register gives no address, and we must never show or store one.
 */
export interface PostalAddress {
  street: string;
  /** Five digits with a space, as Postnord writes it: "114 51". */
  postalCode: string;
  city: string;
}

export interface PopulationRecord {
  /** 12 digits, YYYYMMDDNNNC. */
  personnummer: string;
  givenName: string;
  surname: string;
  protectedIdentity: boolean;
  /** Absent for a protected identity, and for people with no registered address. */
  address?: PostalAddress;
}

export interface PopulationRegister {
  /**
   * Looks a person up. Accepts the forms people type (10 or 12 digits, with
   * or without separator). Returns null for an unknown or invalid number.
   */
  lookup(personnummer: string): Promise<PopulationRecord | null>;
}
