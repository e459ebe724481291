import { isIP } from "node:net";
import { z } from "zod";

/**
 * What the simulator accepts on /auth, /sign, /collect and /cancel. BankID
 * validates the same things and answers 400 invalidParameters with a short
 * English `details`; the first failing field decides the details here too.
 */
const base64 = (maxLength: number) =>
  z
    .string()
    .min(1)
    .max(maxLength)
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0, "not base64");

const requirementSchema = z
  .object({
    pinCode: z.boolean().optional(),
    mrtd: z.boolean().optional(),
    cardReader: z.enum(["class1", "class2"]).optional(),
    certificatePolicies: z.array(z.string()).optional(),
    // BankID wants exactly 12 digits; the check digit is checked by the caller, which knows the clock.
    personalNumber: z.string().regex(/^\d{12}$/).optional(),
  })
  .optional();

const orderFields = {
  endUserIp: z.string().refine((value) => isIP(value) !== 0, "invalid"),
  userVisibleDataFormat: z.literal("simpleMarkdownV1").optional(),
  userNonVisibleData: base64(200_000).optional(),
  requirement: requirementSchema,
  returnUrl: z.url({ protocol: /^https?$/ }).optional(),
  returnRisk: z.boolean().optional(),
};

export const authRequestSchema = z.object({ ...orderFields, userVisibleData: base64(40_000).optional() });
export const signRequestSchema = z.object({ ...orderFields, userVisibleData: base64(40_000) });
export const orderRefRequestSchema = z.object({ orderRef: z.string().min(1) });

export type ParsedOrderRequest = z.infer<typeof authRequestSchema>;

/** BankID-style details for the first problem, e.g. "Missing endUserIp" or "Invalid userVisibleData". */
export function invalidParametersDetails(error: z.ZodError, body: unknown): string {
  const path = error.issues[0]?.path ?? [];
  const field = path.map(String).join(".") || "request";
  let value: unknown = body;
  for (const key of path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value === undefined ? `Missing ${field}` : `Invalid ${field}`;
}
