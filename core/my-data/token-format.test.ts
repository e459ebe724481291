import { describe, expect, it } from "vitest";
import { readSignedToken, signToken, tokenSigningKey, type TokenPayload } from "./token-format";

const key = tokenSigningKey("a-test-secret-key-that-is-long-enough-000");
const payload: TokenPayload = { jti: "0123456789abcdef0123", sub: "donor-1", pur: "my-data", iat: 1_700_000_000, exp: 1_800_000_000 };

describe("signed link tokens are read strictly", () => {
  const token = signToken(payload, key);

  it("reads a token it signed", () => {
    expect(readSignedToken(token, key)).toEqual(payload);
  });

  it("refuses every other spelling of the signature: each other last character, '!!' or '=' appended", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = token.at(-1) as string;
    for (const other of alphabet.replace(last, "")) {
      expect(readSignedToken(token.slice(0, -1) + other, key), other).toBeNull();
    }
    for (const tail of ["!!", "=", "==", " ", "%00", "A"]) expect(readSignedToken(token + tail, key), tail).toBeNull();
  });

  it("refuses a payload spelled another way that decodes to the same bytes", () => {
    const [version, body, signature] = token.split(".") as [string, string, string];
    for (const altered of [`${body}!!`, `${body}=`, body.replace(/-/g, "+").replace(/_/g, "/") + (/[-_]/.test(body) ? "" : "!")]) {
      expect(readSignedToken(`${version}.${altered}.${signature}`, key)).toBeNull();
    }
  });
});
