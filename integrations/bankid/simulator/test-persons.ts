/**
 * The people a tester can be in the simulator's "BankID app". Fictional names
 * with Skatteverket's test personnummer (see core/identity/test-personnummer),
 * the same people as in the simulated population register, so that a donor
 * who identifies with BankID can also be looked up there.
 */
export interface BankIdTestPerson {
  personalNumber: string;
  givenName: string;
  surname: string;
  /** YYYY-MM-DD; when this BankID was issued. */
  bankIdIssueDate: string;
  /** A revoked or too old BankID: completing with it fails with certificateErr. */
  blocked?: boolean;
}

export const DEFAULT_BANKID_TEST_PERSONS: readonly BankIdTestPerson[] = [
  { personalNumber: "198112289874", givenName: "Erik", surname: "Lindgren", bankIdIssueDate: "2024-03-11" },
  { personalNumber: "199001012385", givenName: "Anna", surname: "Svensson", bankIdIssueDate: "2023-09-02" },
  { personalNumber: "198004262385", givenName: "Karin", surname: "Holm", bankIdIssueDate: "2025-01-20" },
  { personalNumber: "198404152392", givenName: "Anders", surname: "Sjöberg", bankIdIssueDate: "2022-11-30" },
  { personalNumber: "196408233234", givenName: "Gunnar", surname: "Wikström", bankIdIssueDate: "2021-06-14" },
  { personalNumber: "190001019801", givenName: "Greta", surname: "Blom", bankIdIssueDate: "2020-02-01" },
  { personalNumber: "198804202383", givenName: "Ingrid", surname: "Forsberg", bankIdIssueDate: "2019-10-08" },
  { personalNumber: "198508122382", givenName: "Eva", surname: "Lund", bankIdIssueDate: "2015-05-05", blocked: true },
];

export function fullName(person: BankIdTestPerson): string {
  return `${person.givenName} ${person.surname}`;
}
