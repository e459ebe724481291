import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { clientIpContext, containerContext } from "../context";
import { parseForm } from "../components/form/parse-form";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import type { AppContainer } from "#server/container";
import { FORM_NOT_SENT, TOO_MANY_ORDERS, checkout, paymentPageFor, type CheckoutRefusal, type StartedGift } from "./checkout.server";

const started = (provider: string, status = "pending", client_url: string | null = null): StartedGift => ({
  gift: { order_reference: "HL-ABC123" },
  payment: { provider, status, client_url },
});

const schema = z.object({ name: z.string().min(1, "Skriv ditt namn."), website: z.string().default("") }).transform((value) => ({
  gift: { name: value.name, isBot: value.website !== "" },
}));

function post(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseForm(formData, schema);
}

/** Just what the checkout uses of the container: a log, the order limit and the donor's session. */
function contextWith({ ordersAllowed = true, donorId = null as string | null } = {}) {
  const warn = vi.fn();
  const hit = vi.fn(async () => ordersAllowed);
  const container = {
    logger: { warn },
    giftDocumentLimiter: { hit },
    donors: { sessions: { current: async () => (donorId ? { donor: { id: donorId } } : null) } },
  } as unknown as AppContainer;
  const context = new RouterContextProvider();
  context.set(containerContext, container);
  context.set(clientIpContext, "203.0.113.9");
  return { context, warn, hit };
}

const request = new Request("http://127.0.0.1/ge-en-gava", { method: "POST" });

describe("checkout", () => {
  it("gives as the logged-in donor and sends them to the payment page", async () => {
    const { context } = contextWith({ donorId: "donor-1" });
    const give = vi.fn(async () => started("Swish"));
    const outcome = await checkout(context, request, { submission: post({ name: "Britt" }), form: "/ge-en-gava", give });
    expect(give).toHaveBeenCalledWith({ gift: { name: "Britt", isBot: false } }, { donorId: "donor-1" });
    expect(outcome.response?.status).toBe(303);
    expect(outcome.response?.headers.get("location")).toBe("/ge-en-gava/betalning/HL-ABC123");
  });

  it("gives nothing for invalid input and returns the field errors", async () => {
    const { context } = contextWith();
    const give = vi.fn(async () => started("Swish"));
    const outcome = await checkout(context, request, { submission: post({ name: "" }), form: "/ge-en-gava", give });
    expect(give).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ status: 400, result: { error: { name: ["Skriv ditt namn."] } } });
  });

  it("gives nothing when the honeypot is filled in, and says only that the form was not sent", async () => {
    const { context, warn } = contextWith();
    const give = vi.fn(async () => started("Swish"));
    const outcome = await checkout(context, request, { submission: post({ name: "Bot", website: "http://spam" }), form: "/ge-en-gava", give });
    expect(give).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    expect(outcome).toMatchObject({ status: 400, result: { error: { "": [FORM_NOT_SENT] } } });
  });

  it("counts orders per visitor only for the forms that ask for it, and refuses past the limit", async () => {
    const counted = contextWith({ ordersAllowed: false });
    const give = vi.fn(async () => started("Swish"));
    const refused = await checkout(counted.context, request, { submission: post({ name: "Britt" }), form: "/ge-en-gava/gavokort", limitOrders: true, give });
    expect(counted.hit).toHaveBeenCalledWith("203.0.113.9");
    expect(refused).toMatchObject({ status: 429, result: { error: { "": [TOO_MANY_ORDERS] } } });
    expect(give).not.toHaveBeenCalled();

    const uncounted = contextWith({ ordersAllowed: false });
    await checkout(uncounted.context, request, { submission: post({ name: "Britt" }), form: "/ge-en-gava", give });
    expect(uncounted.hit).not.toHaveBeenCalled();
    expect(give).toHaveBeenCalledOnce();
  });

  it("answers the Swedish reason, not a server error, when payment starts are limited", async () => {
    const { context } = contextWith();
    const outcome = await checkout(context, request, {
      submission: post({ name: "Britt" }),
      form: "/ge-en-gava",
      give: async () => {
        throw new PaymentStartsLimitedError("payer");
      },
    });
    expect(outcome).toMatchObject({ status: 429, result: { error: { "": [PAYMENT_STARTS_LIMITED_MESSAGE] } } });
  });

  it("names the e-mail field when its address has had as many e-mails from us as it may for now", async () => {
    const { context } = contextWith();
    const outcome = await checkout(context, request, {
      submission: post({ name: "Britt" }),
      form: "/ge-en-gava/gratulationskort",
      give: async () => {
        throw new RecipientMailLimitedError("recipientEmail");
      },
    });
    expect(outcome).toMatchObject({ status: 429, result: { error: { recipientEmail: [RECIPIENT_MAIL_LIMITED_MESSAGE] } } });
  });

  it("shows a product's own refusal on the form, and leaves every other error to the caller", async () => {
    const { context } = contextWith();
    class ClosedError extends Error {}
    const refuse = (error: unknown): CheckoutRefusal | undefined => (error instanceof ClosedError ? { status: 409, formErrors: ["Insamlingen är avslutad."] } : undefined);
    const closed = await checkout(context, request, {
      submission: post({ name: "Britt" }),
      form: "/minnesinsamling/:slug",
      give: async () => {
        throw new ClosedError();
      },
      refuse,
    });
    expect(closed).toMatchObject({ status: 409, result: { error: { "": ["Insamlingen är avslutad."] } } });
    await expect(
      checkout(context, request, {
        submission: post({ name: "Britt" }),
        form: "/ge-en-gava",
        give: async () => {
          throw new Error("database gone");
        },
        refuse,
      }),
    ).rejects.toThrow("database gone");
  });
});

describe("paymentPageFor", () => {
  it("sends a Swish, card or invoice gift to our payment page", () => {
    expect(paymentPageFor(started("Swish")).headers.get("location")).toBe("/ge-en-gava/betalning/HL-ABC123");
  });

  it("sends a pending bank payment to the bank's own page", () => {
    expect(paymentPageFor(started("Brite", "pending", "http://127.0.0.1:9/brite/pay")).headers.get("location")).toBe("http://127.0.0.1:9/brite/pay");
  });
});
