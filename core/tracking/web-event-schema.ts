import { z } from "zod";
import { LIMITS } from "./web-event-limits";

/**
 * The body of `POST /api/RegisterWebEvent`, the first-party events API:
 * `{ context, payload }` where the payload is a web event (page view and
 * friends) or a time-on-page event. Every string has a length limit so one
 * request can never store more than a few kilobytes.
 */
export { LIMITS };

export const WEB_EVENT_TYPES = ["pageview", "click", "download", "search"] as const;
export type WebEventType = (typeof WEB_EVENT_TYPES)[number];

/** Random ids we create ourselves (UUIDs, or legacy ids of letters, digits, - and _). */
const randomId = z
  .string()
  .min(8)
  .max(LIMITS.id)
  .regex(/^[A-Za-z0-9_-]+$/, "invalid id");

/** An absolute http(s) address, or a path on our own site. */
const pageUrl = z
  .string()
  .min(1)
  .max(LIMITS.url)
  .refine((value) => isHttpUrlOrPath(value), "invalid url");

/** document.referrer is "" when there is none. */
const referrer = z
  .string()
  .max(LIMITS.url)
  .refine((value) => value === "" || isHttpUrlOrPath(value), "invalid referrer");

const utm = z.string().max(LIMITS.utm).optional();

export const requestContextSchema = z.strictObject({
  session: randomId,
  identity: randomId,
  currentUrl: pageUrl,
  requestgroup: randomId,
});

export const webEventPayloadSchema = z.strictObject({
  type: z.enum(WEB_EVENT_TYPES),
  referrer,
  useragent: z.string().max(LIMITS.userAgent),
  currentUrl: pageUrl,
  utm_campaign: utm,
  utm_medium: utm,
  utm_source: utm,
});

export const timeOnPagePayloadSchema = z.strictObject({
  type: z.literal("timeonpage"),
  currentUrl: pageUrl,
  timems: z
    .number()
    .int()
    .nonnegative()
    .transform((ms) => Math.min(ms, LIMITS.timeOnPageMs)),
});

export const registerWebEventBodySchema = z.strictObject({
  context: requestContextSchema,
  payload: z.discriminatedUnion("type", [webEventPayloadSchema, timeOnPagePayloadSchema]),
});

export type RequestContext = z.infer<typeof requestContextSchema>;
export type WebEventPayload = z.infer<typeof webEventPayloadSchema>;
export type TimeOnPagePayload = z.infer<typeof timeOnPagePayloadSchema>;
/** What the browser sends (timems not yet capped). */
export type RegisterWebEventInput = z.input<typeof registerWebEventBodySchema>;
/** What the server works with after validation. */
export type RegisterWebEventBody = z.output<typeof registerWebEventBodySchema>;

function isHttpUrlOrPath(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
