/**
 * What the memorial gift flow may know about a deceased person and a funeral
 * parlour. A deceased person carries only what a published death notice
 * shows: name, birth year and age, date of death, home town, and the funeral's
 * date and parlour when announced. Never a personnummer, a birth date, an
 * address or relatives: the site has no use for them and must not hold them.
 */

export interface PostalAddress {
  street: string;
  /** "NNN NN" */
  postalCode: string;
  city: string;
}

/** A funeral parlour (begravningsbyrå): a business, its public contact details. */
export interface FuneralParlour {
  id: string;
  name: string;
  /** The town it is in (as written: Umeå, Ängelholm). */
  town: string;
  postalAddress: PostalAddress;
  email: string;
  phone: string;
}

/** A deceased person as a death notice (dödsannons) presents them. */
export interface DeceasedPerson {
  id: string;
  /** Given names as written, e.g. "Anna-Karin" or "Karl Erik". */
  givenNames: string;
  surname: string;
  birthYear: number;
  /** Age at death in whole years. */
  age: number;
  /** YYYY-MM-DD */
  dateOfDeath: string;
  homeTown: string;
  /** YYYY-MM-DD when announced. */
  funeralDate: string | null;
  funeralParlour: FuneralParlour | null;
}

export function fullName(person: Pick<DeceasedPerson, "givenNames" | "surname">): string {
  return `${person.givenNames} ${person.surname}`;
}
