import { z } from "zod";
import Kontonummer from "kontonummer";
import { OTHER_AMOUNT, amountKr, giftFields } from "../gifts/gift-form";
import { parsePersonnummer } from "../identity/personnummer";
import { formatNumber } from "../site/format";

/**
 * The monthly gift form (/ge-en-gava/manadsgava): one schema for the page,
 * its server action and the API, as every gift form (decision 0011).
 */
export interface MonthlyGiftLimits {
  minKr: number;
  maxKr: number;
}

export const MONTHLY_PRESET_AMOUNTS_KR = [100, 200, 300, 500] as const;
export const MONTHLY_METHODS = ["autogiro", "card"] as const;
export type MonthlyMethod = (typeof MONTHLY_METHODS)[number];
export const ADULT_AGE = 18;

export interface CheckedAccount {
  clearing: string;
  number: string;
  bankName: string;
}

/**
 * A Swedish clearing and account number checked with `kontonummer` (the
 * banks' own rules: clearing ranges, lengths, check digits). Swedbank's
 * five-digit clearing numbers are accepted; Bankgirot wants the first four.
 */
export function checkAccount(clearing: string, account: string): CheckedAccount | null {
  const c = clearing.replace(/[\s-]/g, "");
  const a = account.replace(/[\s-]/g, "");
  if (!/^\d{4,5}$/.test(c) || !/^\d{1,15}$/.test(a)) return null;
  try {
    const parsed = Kontonummer.parse(c, a, { mode: "strict" });
    return { clearing: parsed.sortingCode.replace(/\D/g, ""), number: parsed.accountNumber, bankName: parsed.bankName };
  } catch {
    return null;
  }
}

/** Whole years between a birth date and today (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

const formatKr = formatNumber;

export function monthlyGiftFormSchema(limits: MonthlyGiftLimits, now: Date, today: string) {
  return z
    .object({
      amount: giftFields.amount,
      customAmount: giftFields.customAmount,
      debitDay: z.string({ error: "Välj vilken dag i månaden pengarna ska dras." }).trim().min(1, "Välj vilken dag i månaden pengarna ska dras."),
      name: giftFields.name,
      email: giftFields.email,
      // Autogiro (the default) or card (decision 0028); with card the clearing and account number are not asked for.
      method: z.enum(MONTHLY_METHODS, { error: "Välj hur du vill betala." }).optional(),
      personnummer: z.string().trim().optional(),
      clearing: z.string().trim().optional(),
      account: z.string().trim().optional(),
      newsletter: giftFields.newsletter,
      website: giftFields.website,
      idempotencyKey: giftFields.idempotencyKey,
    })
    .superRefine((value, ctx) => {
      const byCard = value.method === "card";
      if (!byCard && !value.personnummer) ctx.addIssue({ code: "custom", path: ["personnummer"], message: "Skriv ditt personnummer. Det behövs för autogiro." });
      if (!byCard && !value.clearing) ctx.addIssue({ code: "custom", path: ["clearing"], message: "Skriv clearingnumret – de fyra (ibland fem) första siffrorna." });
      if (!byCard && !value.account) ctx.addIssue({ code: "custom", path: ["account"], message: "Skriv kontonumret." });
      const kr = amountKr(value.amount, value.customAmount);
      if (value.amount === OTHER_AMOUNT && value.customAmount.trim() === "") {
        ctx.addIssue({ code: "custom", path: ["customAmount"], message: "Skriv hur mycket du vill ge varje månad." });
      } else if (kr === null || kr < limits.minKr || kr > limits.maxKr) {
        ctx.addIssue({
          code: "custom",
          path: [value.amount === OTHER_AMOUNT ? "customAmount" : "amount"],
          message: `Ange ett belopp per månad mellan ${formatKr(limits.minKr)} och ${formatKr(limits.maxKr)} kronor i hela kronor.`,
        });
      }
      if (!/^\d{1,2}$/.test(value.debitDay) || Number(value.debitDay) < 1 || Number(value.debitDay) > 28) {
        ctx.addIssue({ code: "custom", path: ["debitDay"], message: "Välj en dag mellan den 1 och den 28 – de dagarna finns i varje månad." });
      }
      const person = value.personnummer ? parsePersonnummer(value.personnummer, { now }) : null;
      if (value.personnummer && !person) {
        ctx.addIssue({ code: "custom", path: ["personnummer"], message: "Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN." });
      } else if (person && ageOn(person.birthDate, today) < ADULT_AGE) {
        ctx.addIssue({ code: "custom", path: ["personnummer"], message: "Du behöver ha fyllt 18 år för att ge en månadsgåva. En vuxen kan teckna månadsgåvan i stället." });
      }
      if (!byCard && value.clearing && value.account && !checkAccount(value.clearing, value.account)) {
        ctx.addIssue({
          code: "custom",
          path: ["account"],
          message: "Vi känner inte igen clearing- och kontonumret. Kontrollera siffrorna mot din internetbank eller ditt bankkort.",
        });
      }
    })
    .transform((value) => ({
      amountOre: (amountKr(value.amount, value.customAmount) ?? 0) * 100,
      debitDay: Number(value.debitDay),
      name: value.name,
      email: value.email.toLowerCase(),
      method: value.method ?? ("autogiro" as MonthlyMethod),
      personnummer: value.personnummer ? (parsePersonnummer(value.personnummer, { now })?.canonical ?? "") : "",
      account: value.method === "card" ? null : checkAccount(value.clearing ?? "", value.account ?? ""),
      newsletter: value.newsletter === "on" || value.newsletter === "true",
      isBot: value.website.trim() !== "",
      idempotencyKey: value.idempotencyKey,
    }));
}

export type MonthlyGiftFormData = z.output<ReturnType<typeof monthlyGiftFormSchema>>;
/** A sign-up by autogiro: the account is checked and present. */
export type MonthlyAutogiroData = MonthlyGiftFormData & { method: "autogiro"; account: CheckedAccount };

export function isAutogiroSignup(data: MonthlyGiftFormData): data is MonthlyAutogiroData {
  return data.method === "autogiro" && data.account !== null;
}

/**
 * The mandate (medgivande) the donor signs with BankID, in Bankgirot's
 * standard wording for autogiro, with the charity as payee.
 */
export function mandateText(site: { name: string; orgNumber: string; bankgiro: string; postalAddress: string }, data: { amountOre: number; debitDay: number; account: CheckedAccount }): string {
  const kr = formatKr(data.amountOre / 100);
  return [
    `Medgivande till betalning via Autogiro`,
    ``,
    `Betalningsmottagare: ${site.name}, organisationsnummer ${site.orgNumber}, ${site.postalAddress}, bankgiro ${site.bankgiro}.`,
    `Konto: ${data.account.bankName}, clearingnummer ${data.account.clearing}, kontonummer ${data.account.number}.`,
    `Gåva: ${kr} kronor per månad, den ${data.debitDay} varje månad tills vidare.`,
    ``,
    `Jag medger att betalning får tas från kontot ovan på begäran av betalningsmottagaren för överföring till betalningsmottagaren via Bankgirots system Autogiro. ` +
      `Betalning sker på förfallodagen. Jag ska se till att det finns pengar på kontot senast bankdagen före förfallodagen. ` +
      `Betalningsmottagaren meddelar mig belopp, förfallodag och betalningssätt senast åtta bankdagar före förfallodagen, när dessa är nya eller ändras. ` +
      `Jag kan stoppa en betalning genom att kontakta betalningsmottagaren senast två bankdagar före förfallodagen, eller min bank senast bankdagen före. ` +
      `Medgivandet gäller tills vidare och kan återkallas hos betalningsmottagaren eller banken. Återkallelsen ska vara mottagaren tillhanda senast fem bankdagar före förfallodagen.`,
  ].join("\n");
}
