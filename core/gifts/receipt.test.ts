import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../site/site-config";
import { receiptMail } from "./receipt";
import { testGift } from "#tests/support/test-gift";

const gift = testGift();

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

  it("tells a company its own rule, never to give a personnummer", () => {
    const mail = receiptMail({ ...gift, gift_type: "company", donor_name: "Exempel Bygg AB", amount_ore: 2_500_000 }, site, "https://www.exempel.se");
    expect(mail.text).toContain("Hej Exempel Bygg AB,");
    expect(mail.text).toContain("företagets skattereduktion");
    expect(mail.text).not.toContain("personnummer");
  });
});
