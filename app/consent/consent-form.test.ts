import { describe, expect, it } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY, consentOf } from "./consent";
import { isSameOriginPost, parseConsentForm, safeReturnTo } from "./consent-form";
import { submittedConsent } from "./submitted-consent";
import { consentSettingsSchema } from "./consent-settings-schema";
import { parseForm } from "../components/form/parse-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("parseConsentForm", () => {
  it("reads the banner's buttons", () => {
    expect(parseConsentForm(form({ choice: "all" }))).toEqual(ALL_GRANTED);
    expect(parseConsentForm(form({ choice: "necessary", statistics: "on" }))).toEqual(NECESSARY_ONLY);
  });

  it("reads the settings checkboxes", () => {
    expect(parseConsentForm(form({ choice: "custom", statistics: "on" }))).toEqual(consentOf(true, false));
    expect(parseConsentForm(form({ choice: "custom", marketing: "on" }))).toEqual(consentOf(false, true));
    expect(parseConsentForm(form({ choice: "custom", statistics: "on", marketing: "on" }))).toEqual(ALL_GRANTED);
  });

  it("never grants more than was ticked", () => {
    expect(parseConsentForm(form({}))).toEqual(NECESSARY_ONLY);
    expect(parseConsentForm(form({ choice: "everything", statistics: "yes please" }))).toEqual(NECESSARY_ONLY);
  });

  it("adds the clicked button to the form's fields", () => {
    expect(submittedConsent(form({ returnTo: "/" }), { name: "choice", value: "all" })).toEqual(ALL_GRANTED);
    expect(submittedConsent(form({ choice: "custom", marketing: "on" }), null)).toEqual(consentOf(false, true));
  });
});

describe("consentSettingsSchema", () => {
  it("reads a post exactly as the banner's parseConsentForm does, and passes returnTo on", () => {
    const posts: Record<string, string>[] = [{ choice: "all" }, { choice: "necessary", statistics: "on" }, { choice: "custom", marketing: "on" }, {}, { statistics: "yes please" }];
    for (const fields of posts) {
      const submission = parseForm(form(fields), consentSettingsSchema);
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.consent).toEqual(parseConsentForm(form(fields)));
    }
    const withReturn = parseForm(form({ choice: "all", returnTo: "/om-oss" }), consentSettingsSchema);
    expect(withReturn.status === "success" && withReturn.value.returnTo).toBe("/om-oss");
  });
});

describe("safeReturnTo", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnTo("/ge-en-gava?belopp=100")).toBe("/ge-en-gava?belopp=100");
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, "/a\nb"])(
    "falls back to the start page for %j",
    (value) => {
      expect(safeReturnTo(value)).toBe("/");
    },
  );
});

describe("isSameOriginPost", () => {
  const origin = "https://www.exempel.se";
  const headers = (h: Record<string, string>) => new Headers(h);

  it("allows posts from our own pages", () => {
    expect(isSameOriginPost(headers({ origin }), origin)).toBe(true);
    expect(isSameOriginPost(headers({ "sec-fetch-site": "same-origin" }), origin)).toBe(true);
    expect(isSameOriginPost(headers({}), origin)).toBe(true);
  });

  it("refuses posts from other sites", () => {
    expect(isSameOriginPost(headers({ origin: "https://evil.example" }), origin)).toBe(false);
    expect(isSameOriginPost(headers({ origin: "null" }), origin)).toBe(false);
    expect(isSameOriginPost(headers({ "sec-fetch-site": "cross-site" }), origin)).toBe(false);
  });
});
