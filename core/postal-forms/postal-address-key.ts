/**
 * One key per postal address however it was typed, for the limit on requests
 * to one address (decision 0023): letter case, runs of spaces, full stops and
 * commas, and the space in the postal code do not make a new address.
 * "Storgatan 1, 111 22 Västerås" and "STORGATAN  1 11122 västerås" are one.
 */
export interface PostalAddressFields {
  street: string;
  postalCode: string;
  city: string;
}

export function normaliseAddressText(value: string): string {
  return value.normalize("NFKC").toLocaleLowerCase("sv-SE").replace(/[.,]/g, " ").replace(/\s+/g, " ").trim();
}

export function postalAddressKey(address: PostalAddressFields): string {
  return [address.postalCode.replace(/\D/g, ""), normaliseAddressText(address.street), normaliseAddressText(address.city)].join("|");
}
