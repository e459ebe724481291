/**
 * Identity numbers for fixtures, demo data and simulators. Never put any other
 * number in the code base: these come from Skatteverket's published test data
 * ("Testpersonnummer" / "Testsamordningsnummer" on skatteverket.entryscape.net /
 * dataportal.se), which are never given to real people.
 *
 * Provenance: we could not reach Skatteverket's data set from the build
 * machine, so each number was taken from public code that cites that data set,
 * and `test-personnummer.test.ts` checks that every one passes validation. To
 * add a number, look it up in Skatteverket's data set first.
 *
 * Note: 199001012382, sometimes quoted as a test number, fails the check digit;
 * the published number is 199001012385.
 */
export const TEST_PERSONNUMMER = [
  "198112289874",
  "199001012385",
  "198004262385",
  "198108222384",
  "198204212396",
  "198308172397",
  "198404152392",
  "198508122382",
  "198612092380",
  "198708152387",
  "198804202383",
  "196408233234",
  "190001019801", // over 100: its 10-digit form is 000101+9801
  "189001019802",
  "200002292399", // 29 February in a leap year
] as const;

/** Samordningsnummer: day of birth + 60. */
export const TEST_SAMORDNINGSNUMMER = ["202201612393", "202601612381"] as const;

export type TestPersonnummer = (typeof TEST_PERSONNUMMER)[number];
