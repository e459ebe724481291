import { z } from "zod";
import { checkGift, giftData, giftFields } from "../gifts/gift-form";
import { cityText, EMAIL_MAX, nameText, oneLineText, streetText } from "../text/text-fields";

/**
 * The membership form (/bli-medlem and POST /api/MembershipGift/Add): the
 * shared gift fields without an amount – the fee is the configured one, never
 * what the browser sends – plus whom the membership is for. A member gets
 * post from us, so the member's address is always asked for: the payer's own
 * when the membership is for them, the recipient's when it is a present.
 */
export const MEMBERSHIP_GREETING_MAX_CHARACTERS = 200;
export const FOR_WHOM = ["self", "present"] as const;

const POSTAL_CODE = /^\d{3}\s?\d{2}$/;
const normalPostalCode = (value: string) => value.replace(/^(\d{3})\s?(\d{2})$/, "$1 $2");

const { amount: _amount, customAmount: _customAmount, ...sharedFields } = giftFields;

export const membershipFields = {
  ...sharedFields,
  forWhom: z.enum(FOR_WHOM, { error: "Välj vem medlemskapet är för." }).default("self"),
  recipientName: nameText().optional().default(""),
  recipientEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX, "E-postadressen är för lång.")
    .optional()
    .default("")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Skriv en e-postadress som namn@exempel.se, eller lämna fältet tomt."),
  recipientStreet: streetText().optional().default(""),
  recipientPostalCode: z.string().trim().optional().default(""),
  recipientCity: cityText().optional().default(""),
  greeting: oneLineText(MEMBERSHIP_GREETING_MAX_CHARACTERS, `Hälsningen får vara högst ${MEMBERSHIP_GREETING_MAX_CHARACTERS} tecken.`).optional().default(""),
  /** The renewal link's member reference (hidden field), when a member renews. */
  renewal: z.string().trim().max(64).optional().default(""),
};

type MembershipValues = z.output<z.ZodObject<typeof membershipFields>>;

function checkAddress(
  ctx: z.RefinementCtx,
  fields: { street: string; postalCode: string; city: string },
  paths: { street: string; postalCode: string; city: string },
  whose: "din" | "mottagarens",
) {
  if (fields.street.length < 2) ctx.addIssue({ code: "custom", path: [paths.street], message: whose === "din" ? "Skriv din gatuadress." : "Skriv mottagarens gatuadress." });
  if (!POSTAL_CODE.test(fields.postalCode)) ctx.addIssue({ code: "custom", path: [paths.postalCode], message: "Skriv postnumret med fem siffror, till exempel 123 45." });
  if (fields.city.length < 2) ctx.addIssue({ code: "custom", path: [paths.city], message: whose === "din" ? "Skriv din ort." : "Skriv mottagarens ort." });
}

export function membershipFormSchema(feeKr: number) {
  const fee = { amount: String(feeKr), customAmount: "" };
  return z
    .object(membershipFields)
    .superRefine((value, ctx) => {
      checkGift({ ...value, ...fee }, ctx, { minKr: feeKr, maxKr: feeKr });
      // An invoice already asks for the payer's address (checkGift); a member needs one in any case.
      if (value.forWhom === "self" && value.paymentMethod !== "invoice") {
        checkAddress(ctx, value, { street: "street", postalCode: "postalCode", city: "city" }, "din");
      }
      if (value.forWhom === "present") {
        if (value.recipientName.length < 2) ctx.addIssue({ code: "custom", path: ["recipientName"], message: "Skriv namnet på den som ska bli medlem." });
        checkAddress(
          ctx,
          { street: value.recipientStreet, postalCode: value.recipientPostalCode, city: value.recipientCity },
          { street: "recipientStreet", postalCode: "recipientPostalCode", city: "recipientCity" },
          "mottagarens",
        );
      }
    })
    .transform((value: MembershipValues) => {
      const gift = giftData({ ...value, ...fee });
      const present = value.forWhom === "present";
      return {
        gift,
        member: present
          ? {
              name: value.recipientName,
              email: value.recipientEmail === "" ? null : value.recipientEmail.toLowerCase(),
              street: value.recipientStreet,
              postalCode: normalPostalCode(value.recipientPostalCode),
              city: value.recipientCity,
            }
          : { name: gift.name, email: gift.email, street: value.street, postalCode: normalPostalCode(value.postalCode), city: value.city },
        isPresent: present,
        greeting: present && value.greeting !== "" ? value.greeting : null,
        renewal: value.renewal === "" ? null : value.renewal,
      };
    });
}

export type MembershipFormData = z.output<ReturnType<typeof membershipFormSchema>>;
