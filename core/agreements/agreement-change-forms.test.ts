import { describe, expect, it } from "vitest";
import { agreementChangeForms, isAgreementFormName, raiseFormSchema } from "./agreement-change-forms";

const forms = agreementChangeForms({ minKr: 100, maxKr: 100_000 });
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the agreement page's forms", () => {
  it("reads a new monthly amount as whole kronor within the limits, in Swedish otherwise", () => {
    expect(forms.amount.parse({ amount: "1 000 kr" })).toEqual({ amount: 1000 });
    for (const amount of ["99", "100001", "12,50", ""]) {
      expect(firstMessage(forms.amount.safeParse({ amount }))).toBe("Skriv ett belopp per månad mellan 100 och 100000 kronor i hela kronor.");
    }
    expect(firstMessage(forms.amount.safeParse({}))).toBe("Skriv ett belopp per månad mellan 100 och 100000 kronor i hela kronor.");
  });

  it("takes a debit day from 1 to 28 and a pause of one to three months", () => {
    expect(forms.day.parse({ debitDay: "15" })).toEqual({ debitDay: 15 });
    for (const debitDay of ["0", "29", "x"]) expect(firstMessage(forms.day.safeParse({ debitDay }))).toBe("Välj en dag mellan den 1 och den 28.");
    expect(forms.pause.parse({ months: "3" })).toEqual({ months: 3 });
    expect(firstMessage(forms.pause.safeParse({ months: "4" }))).toBe("Du kan pausa i en, två eller tre månader.");
  });

  it("wants an extra gift of at least 50 kr with the form's key, and the box ticked to end", () => {
    const key = "5b0f7d4e-8d8a-4c59-9a2b-0c1f3c6e2a11";
    expect(forms.extra.parse({ extraAmount: "150", idempotencyKey: key })).toEqual({ extraAmount: 150, idempotencyKey: key });
    expect(firstMessage(forms.extra.safeParse({ extraAmount: "49", idempotencyKey: key }))).toBe("Skriv ett belopp mellan 50 och 100000 kronor i hela kronor.");
    expect(firstMessage(forms.extra.safeParse({ extraAmount: "150", idempotencyKey: "x" }))).toBe("Formuläret har gått ut. Ladda om sidan och försök igen.");
    expect(forms.cancel.safeParse({ confirm: "on" }).success).toBe(true);
    expect(firstMessage(forms.cancel.safeParse({}))).toBe("Kryssa i rutan för att bekräfta att du vill avsluta.");
  });

  it("knows its forms by the intent they send", () => {
    expect(["amount", "day", "extra", "pause", "cancel"].every(isAgreementFormName)).toBe(true);
    expect(isAgreementFormName("erase")).toBe(false);
    expect(isAgreementFormName(null)).toBe(false);
  });
});

describe("the raise link's form", () => {
  const schema = raiseFormSchema(30_050, 100_000);

  it("takes only an amount above the current one", () => {
    expect(schema.parse({ amount: "301" })).toEqual({ amount: 301 });
    expect(firstMessage(schema.safeParse({ amount: "300" }))).toMatch(/^Skriv ett belopp högre än 300,50\skr i hela kronor\./);
  });
});
