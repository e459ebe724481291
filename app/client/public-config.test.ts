import { describe, expect, it } from "vitest";
import { publicClientConfig } from "./public-config.server";

describe("publicClientConfig", () => {
  it("is empty without configuration", () => {
    expect(publicClientConfig({})).toEqual({
      sentryDsn: null,
      gtmContainerId: null,
    });
  });

  it("passes the DSN without its secret and a valid container id", () => {
    expect(
      publicClientConfig({
        SENTRY_DSN: "https://abc123:s3cret@o1.ingest.sentry.io/42",
        GTM_CONTAINER_ID: "GTM-AB12CD",
      }),
    ).toEqual({
      sentryDsn: "https://abc123@o1.ingest.sentry.io/42",
      gtmContainerId: "GTM-AB12CD",
    });
  });

  it("drops values the browser cannot use", () => {
    expect(
      publicClientConfig({
        SENTRY_DSN: "not a dsn",
        GTM_CONTAINER_ID: "UA-1234",
      }),
    ).toEqual({
      sentryDsn: null,
      gtmContainerId: null,
    });
  });
});
