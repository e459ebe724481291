import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { ErrorSummary } from "./error-summary";
import { TextField } from "./field";
import { parseForm, replyWithValues, type FormResult } from "./parse-form";
import { useSiteForm } from "./use-site-form";

const schema = z
  .object({
    amount: z.string().trim().min(1, "Skriv ett belopp."),
    name: z.string().trim().min(2, "Skriv ditt namn."),
    email: z.string().trim().pipe(z.email("Skriv en e-postadress som namn@exempel.se.")),
  })
  .superRefine((value, ctx) => {
    // Issues from a refinement come after the object's own: the summary must still follow the page.
    if (value.amount === "0") ctx.addIssue({ code: "custom", path: ["amount"], message: "Beloppet kan inte vara noll." });
  });
const labels = { amount: "Belopp", name: "Namn", email: "E-post", form: "Formuläret" };

function post(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function Page({ lastResult }: { lastResult?: FormResult }) {
  const { fields, formProps, summary } = useSiteForm({ id: "prov", schema, lastResult, labels });
  return (
    <>
      <ErrorSummary {...summary} />
      <form {...formProps}>
        <TextField field={fields.amount} label="Belopp" />
        <TextField field={fields.name} label="Namn" hint="Som på kvittot." />
        <TextField field={fields.email} label="E-post" type="email" />
      </form>
    </>
  );
}

describe("useSiteForm, as the server renders it (the page without JavaScript)", () => {
  it("shows nothing wrong before a submit", () => {
    const html = renderToStaticMarkup(<Page />);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("aria-invalid");
  });

  it("lists the errors in the page's order, ties each message to its field and keeps the values", () => {
    const result = parseForm(post({ amount: "0", name: "", email: "astrid" }), schema).reply();
    const html = renderToStaticMarkup(<Page lastResult={result} />);
    const items = [...html.matchAll(/<li><a href="#([^"]+)">([^<]+)<\/a><\/li>/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ["prov-amount", "Belopp: Beloppet kan inte vara noll."],
      ["prov-name", "Namn: Skriv ditt namn."],
      ["prov-email", "E-post: Skriv en e-postadress som namn@exempel.se."],
    ]);
    expect(html).toContain("Det finns 3 fel i formuläret");
    expect(html).toMatch(/<input[^>]*id="prov-email"[^>]*>/);
    const email = html.match(/<input[^>]*id="prov-email"[^>]*>/)![0];
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="prov-email-error"');
    expect(email).toContain('value="astrid"');
    expect(html).toContain('<p class="field__error" id="prov-email-error">');
    // A hint stays described after the message.
    expect(html.match(/<input[^>]*id="prov-name"[^>]*>/)![0]).toContain('aria-describedby="prov-name-error prov-name-description"');
  });

  it("names a form-level error", () => {
    const submission = parseForm(post({ amount: "100", name: "Astrid", email: "astrid@exempel.se" }), schema);
    const html = renderToStaticMarkup(<Page lastResult={submission.reply({ formErrors: ["Försök igen."] })} />);
    expect(html).toContain('<a href="#prov">Försök igen.</a>');
    expect(html).toContain("Det finns ett fel i formuläret");
  });

  it("fills in values an action looked up, and leaves the rest as sent", () => {
    const submission = parseForm(post({ intent: "lookup", amount: "100", name: "", email: "erik@" }), schema);
    const html = renderToStaticMarkup(<Page lastResult={replyWithValues(submission, { name: "Erik Lindgren" })} />);
    expect(html.match(/<input[^>]*id="prov-name"[^>]*>/)![0]).toContain('value="Erik Lindgren"');
    expect(html.match(/<input[^>]*id="prov-email"[^>]*>/)![0]).toContain('value="erik@"');
    expect(html).not.toContain('role="alert"');
  });
});
