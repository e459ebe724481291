import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../site/site-config";
import { receiptMail } from "./receipt";
import type { GiftRow } from "../payments/payment-repository";

const gift: GiftRow = {
  id: "g1",
  order_reference: "0123456789ABCDEFGHJKMNPQRS",
  gift_type: "one_off",
  amount_ore: 25_000,
  donor_name: "Astrid Exempel",
  donor_email: "astrid@exempel.se",
  donor_id: null,
  memorial_id: null,
  donor_personnummer: null,
  newsletter_consent: 0,
  donor_street: null,
  donor_postal_code: null,
  donor_city: null,
  status: "paid",
  idempotency_key: "k",
  created_at: "2026-01-15T10:00:00.000Z",
  updated_at: "2026-01-15T10:00:00.000Z",
  paid_at: "2026-01-15T10:01:00.000Z",
};

describe("receipt e-mail", () => {
  const site = loadSiteConfig({});

  it("states amount, reference, organisation and what the gift supports", () => {
    const mail = receiptMail(gift, site, "https://www.exempel.se");
    expect(mail.to).toBe("astrid@exempel.se");
    expect(mail.subject.replace(/\s/g, " ")).toBe("Tack för din gåva på 250 kr");
    expect(mail.text).toContain("0123456789ABCDEFGHJKMNPQRS");
    expect(mail.text).toContain(site.orgNumber);
    expect(mail.text).toContain("forskning om hjärt- och lungsjukdomar");
    expect(mail.text).toContain("15 januari 2026");
    expect(mail.text).not.toContain("rapporterar gåvan till Skatteverket för skattereduktion");
  });

  it("says the gift will be reported for the tax reduction when a personnummer was given", () => {
    const mail = receiptMail({ ...gift, donor_personnummer: "198112289874" }, site, "https://www.exempel.se");
    expect(mail.text).toContain("rapporterar gåvan till Skatteverket för skattereduktion");
    expect(mail.text).not.toContain("198112289874");
  });
});
