import { z } from "zod";
import { OTHER_AMOUNT, amountKr, giftFields } from "../gifts/gift-form";
import { formatSek } from "../site/format";
import { MAX_PAUSE_MONTHS } from "./debit-schedule";

/**
 * The forms a donor changes an agreement with (decision 0011): on its page in
 * Mina sidor – amount, debit day, an extra gift on the next debit, a pause, an
 * end – and through the raise link in an e-mail. Each reads the strings the
 * browser sends; the amounts come out as whole kronor.
 */
export interface AgreementFormLimits {
  /** The smallest monthly amount. */
  minKr: number;
  maxKr: number;
}

/** The smallest extra gift added to the next debit. */
export const EXTRA_DEBIT_MIN_KR = 50;

/** Whole kronor between `min` and `max` ("1 000", "250 kr" are fine), or `message`. */
function wholeKronor(min: number, max: number, message: string) {
  return z.string({ error: message }).transform((text, ctx) => {
    const kr = amountKr(OTHER_AMOUNT, text);
    if (kr !== null && kr >= min && kr <= max) return kr;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** The agreement page's forms, by the `intent` each sends. */
export function agreementChangeForms(limits: AgreementFormLimits) {
  return {
    amount: z.object({
      amount: wholeKronor(limits.minKr, limits.maxKr, `Skriv ett belopp per månad mellan ${limits.minKr} och ${limits.maxKr} kronor i hela kronor.`),
    }),
    day: z.object({
      debitDay: z
        .string({ error: "Välj en dag mellan den 1 och den 28." })
        .regex(/^\d{1,2}$/, "Välj en dag mellan den 1 och den 28.")
        .transform(Number)
        .refine((day) => day >= 1 && day <= 28, "Välj en dag mellan den 1 och den 28."),
    }),
    extra: z.object({
      extraAmount: wholeKronor(EXTRA_DEBIT_MIN_KR, limits.maxKr, `Skriv ett belopp mellan ${EXTRA_DEBIT_MIN_KR} och ${limits.maxKr} kronor i hela kronor.`),
      idempotencyKey: giftFields.idempotencyKey,
    }),
    pause: z.object({
      months: z
        .string({ error: "Välj hur länge du vill pausa." })
        .regex(/^\d$/, "Du kan pausa i en, två eller tre månader.")
        .transform(Number)
        .refine((months) => months >= 1 && months <= MAX_PAUSE_MONTHS, "Du kan pausa i en, två eller tre månader."),
    }),
    cancel: z.object({
      confirm: z.literal("on", { error: "Kryssa i rutan för att bekräfta att du vill avsluta." }),
    }),
  };
}

export type AgreementFormName = keyof ReturnType<typeof agreementChangeForms>;
const AGREEMENT_FORM_NAMES: readonly string[] = ["amount", "day", "extra", "pause", "cancel"] satisfies AgreementFormName[];

export function isAgreementFormName(value: unknown): value is AgreementFormName {
  return typeof value === "string" && AGREEMENT_FORM_NAMES.includes(value);
}

/**
 * The raise link's form: a raise only – lowering, pausing and ending need a
 * BankID login – so the new amount must be above the current one.
 */
export function raiseFormSchema(currentOre: number, maxKr: number) {
  const message = `Skriv ett belopp högre än ${formatSek(currentOre)} i hela kronor. Vill du sänka beloppet, pausa eller avsluta gör du det på Mina sidor med BankID.`;
  return z.object({
    amount: wholeKronor(Math.floor(currentOre / 100) + 1, maxKr, message),
  });
}
