import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SlowNavigationNoticeView } from "./slow-navigation-notice";

describe("SlowNavigationNoticeView", () => {
  it("is an empty polite live region until the navigation is slow", () => {
    const html = renderToStaticMarkup(<SlowNavigationNoticeView visible={false} />);
    expect(html).toBe('<div class="slow-navigation-notice" role="status" aria-live="polite" aria-atomic="true"></div>');
  });

  it("says that the page is loading", () => {
    const html = renderToStaticMarkup(<SlowNavigationNoticeView visible />);
    expect(html).toContain(">Sidan laddas…</div>");
    expect(html).toContain("slow-navigation-notice--visible");
  });
});
