import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { consentOf } from "./consent";
import { ConsentBanner } from "./consent-banner";
import { ConsentSettingsForm } from "./consent-settings-form";

/** The opening tags of an element type that carry every given attribute (in any order). */
function tagsWith(html: string, tag: string, attrs: Record<string, string>): string[] {
  const open = html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? [];
  return open.filter((t) => Object.entries(attrs).every(([name, value]) => t.includes(` ${name}="${value}"`)));
}

describe("ConsentBanner", () => {
  const html = renderToStaticMarkup(<ConsentBanner returnTo="/om-oss?x=1" />);

  it("is a region named by its heading", () => {
    expect(html).toMatch(/<section[^>]*aria-labelledby="consent-banner-heading"/);
    expect(html).toMatch(/<h2 id="consent-banner-heading"[^>]*>Vi använder cookies<\/h2>/);
  });

  it("posts the two choices to /cookie-installningar and links to the settings", () => {
    expect(tagsWith(html, "form", { method: "post", action: "/cookie-installningar" })).toHaveLength(1);
    expect(tagsWith(html, "button", { type: "submit", name: "choice", value: "all" })).toHaveLength(1);
    expect(tagsWith(html, "button", { type: "submit", name: "choice", value: "necessary" })).toHaveLength(1);
    expect(html).toMatch(/value="all"[^>]*>Godkänn alla<\/button>/);
    expect(html).toMatch(/value="necessary"[^>]*>Endast nödvändiga<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/cookie-installningar"[^>]*>Inställningar<\/a>/);
    expect(html).toContain('name="returnTo" value="/om-oss?x=1"');
  });

  it("uses no inline styles", () => {
    expect(html).not.toContain("style=");
  });
});

describe("ConsentSettingsForm", () => {
  it("shows necessary as always on and ticks what was granted", () => {
    const html = renderToStaticMarkup(<ConsentSettingsForm consent={consentOf(true, false)} />);
    expect(tagsWith(html, "form", { method: "post", action: "/cookie-installningar" })).toHaveLength(1);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Välj vilka cookies vi får använda<\/legend>/);
    expect(tagsWith(html, "input", { id: "consent-necessary", disabled: "", checked: "" })).toHaveLength(1);
    expect(
      tagsWith(html, "input", { id: "consent-statistics", name: "statistics", value: "on", checked: "" }),
    ).toHaveLength(1);
    expect(tagsWith(html, "input", { id: "consent-marketing", name: "marketing", value: "on" })).toHaveLength(1);
    expect(tagsWith(html, "input", { id: "consent-marketing", checked: "" })).toHaveLength(0);
    expect(html).toContain('<label for="consent-marketing">Marknadsföring</label>');
    expect(html).toContain(">Spara inställningar</button>");
    expect(html).not.toContain("style=");
  });

  it("ticks nothing optional before a choice, and confirms a plain-form save", () => {
    const html = renderToStaticMarkup(<ConsentSettingsForm consent={null} saved returnTo="/" />);
    expect(tagsWith(html, "input", { type: "checkbox", checked: "" })).toHaveLength(1);
    expect(html).toMatch(/role="status"[^>]*>Dina val är sparade\./);
    expect(html).toContain('name="returnTo" value="/"');
  });
});
