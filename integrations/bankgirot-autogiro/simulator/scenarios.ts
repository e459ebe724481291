/**
 * The simulator's deterministic scenarios, chosen by the first four digits of
 * the donor's account number (after the clearing number), so that a test or a
 * person trying the site can choose an outcome by typing an account number.
 * The check digit of a Swedish account number is its last digit, so valid
 * numbers can start with any of these. Documented in docs/autogiro.md.
 */
export type AutogiroScenario =
  | { kind: "approved" }
  | { kind: "mandate_refused"; status: string; info: string }
  | { kind: "debits_fail"; status: "1" }
  | { kind: "account_closed_on_first_debit" }
  | { kind: "renewed_coverage" }
  | { kind: "third_debit_fails" };

export const SCENARIOS: Readonly<Record<string, AutogiroScenario & { description: string }>> = {
  "9901": { kind: "mandate_refused", status: "03", info: "04", description: "Mandate refused: the account type is not approved for autogiro (03)." },
  "9902": { kind: "mandate_refused", status: "05", info: "04", description: "Mandate refused: wrong account or personal data – no such account (05)." },
  "9903": { kind: "mandate_refused", status: "07", info: "43", description: "Mandate removed: the bank never answered the account inquiry (07)." },
  "9911": { kind: "debits_fail", status: "1", description: "Mandate approved; every debit fails for insufficient funds (1)." },
  "9912": {
    kind: "account_closed_on_first_debit",
    description: "Mandate approved; the first debit fails, account closed (2); the payer's bank then cancels the mandate (02) and Bankgirot its outstanding payments (03).",
  },
  "9913": { kind: "renewed_coverage", description: "Mandate approved; each debit first lacks funds with renewed coverage (9) and goes through the next banking day." },
  "9915": { kind: "third_debit_fails", description: "Mandate approved; the third debit fails for insufficient funds (1), all others go through." },
};

/** The scenario for an account (clearing + account number digits, as in the mandate's 16-digit field). */
export function scenarioFor(account: string): AutogiroScenario {
  const number = account.slice(4).replace(/^0+/, "");
  return SCENARIOS[number.slice(0, 4)] ?? { kind: "approved" };
}
