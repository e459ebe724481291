import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { RouterContextProvider, createRoutesStub } from "react-router";
import type { ComponentType } from "react";
import { clientIpContext, containerContext } from "#app/context";
import { ManualClock } from "#core/clock";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import * as memorialGift from "./memorial-gift";
import * as collectionStart from "./memorial-collection-start";

/**
 * Issue #30: a NUL typed into the memorial search ("Sök på namn") came back
 * raw in the page's HTML after the post. The memorial gift and memorial
 * collection pages are posted as React Router posts them (a request, the
 * app's context) against a real container, and rendered on the server with
 * the action's answer, as the page without JavaScript is.
 */
type Handler = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<unknown>;

/** A loader's or action's data, unwrapped from React Router's `data()`. */
async function dataOf(run: Promise<unknown>): Promise<unknown> {
  const value = (await run) as { type?: string; data?: unknown };
  return value && value.type === "DataWithResponseInit" ? value.data : value;
}

describe("memorial pages echo what was typed without control characters", () => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
  });
  afterAll(() => server.dispose());

  function context(): RouterContextProvider {
    const provider = new RouterContextProvider();
    provider.set(containerContext, server.container);
    provider.set(clientIpContext, "10.30.7.1");
    return provider;
  }

  async function postAndRender(path: string, route: { loader: unknown; action: unknown; default: unknown }, fields: Record<string, string>): Promise<string> {
    const url = `${server.url}${path}`;
    const loaderData = await dataOf((route.loader as Handler)({ request: new Request(url), context: context(), params: {} }));
    const request = new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { origin: server.url } });
    const actionData = await dataOf((route.action as Handler)({ request, context: context(), params: {} }));
    const Stub = createRoutesStub([{ id: "page", path, Component: route.default as ComponentType }]);
    return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData }, actionData: { page: actionData } }} />);
  }

  const typed = "Ann\u0000a Ber\u202egsson\u0007";
  const pages: Array<{ path: string; id: string; route: { loader: unknown; action: unknown; default: unknown }; more: Record<string, string> }> = [
    { path: "/ge-en-gava/minnesgava", id: "minnesgava", route: memorialGift, more: { deceasedTownQuery: "Upp\u0000sala", greeting: "Vila\u0000 i frid" } },
    { path: "/minnesinsamling", id: "minnesinsamling", route: collectionStart, more: { organiserName: "Fam\u0000iljen" } },
  ];

  for (const page of pages) {
    it(`${page.path}: the search refuses it with a message, and the page shows it back without NUL or direction marks`, async () => {
      const html = await postAndRender(page.path, page.route, { intent: "search", deceasedQuery: typed, ...page.more });
      expect(html).toContain(`id="${page.id}-deceasedQuery"`);
      for (const character of ["\u0000", "\u0007", "\u202e"]) expect(html).not.toContain(character);
      expect(html).toContain('value="Anna Bergsson"');
      expect(html).toContain("Namnet innehåller tecken som inte hör hemma i ett namn.");
    });
  }
});
