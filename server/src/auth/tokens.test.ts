import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isGuestId, mintGuestId, parseCookies, TokenSigner } from "./tokens.ts";

const signer = new TokenSigner("a-secret-a-secret-a-secret-a-secret-1234");
const other = new TokenSigner("another-secret-another-secret-another-5678");

describe("signed tokens", () => {
  it("round-trip, per purpose, per secret", () => {
    const token = signer.sessionToken("123", 1_000);
    expect(signer.verify("session", token, 2_000)).toMatchObject({ sub: "123", iat: 1_000 });
    expect(signer.verify("guest", token, 2_000)).toBeNull(); // a session token is not a guest token
    expect(other.verify("session", token, 2_000)).toBeNull();
  });

  it("expire", () => {
    const token = signer.sessionToken("123", 0);
    const DAY = 24 * 3600_000;
    expect(signer.verify("session", token, 7 * DAY - 1)).not.toBeNull();
    expect(signer.verify("session", token, 7 * DAY)).toBeNull();
    const guest = signer.guestToken(mintGuestId(), 0);
    expect(signer.verify("guest", guest, 365 * DAY - 1)).not.toBeNull();
    expect(signer.verify("guest", guest, 365 * DAY)).toBeNull();
  });

  it("reject anything that is not exactly what was signed", () => {
    const token = signer.guestToken("guest-abc", 5);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (garbage) => {
        if (garbage === token) return;
        expect(signer.verify("guest", garbage, 10)).toBeNull();
      }),
      { numRuns: 2000 },
    );
    for (const bad of [undefined, null, 42, {}, `${token}x`, token.replace(".", ".x"), `x${token}`]) {
      expect(signer.verify("guest", bad, 10)).toBeNull();
    }
  });
});

describe("guest ids", () => {
  it("are prefixed, random and distinct", () => {
    const ids = new Set(Array.from({ length: 1000 }, mintGuestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isGuestId(id) && /^guest-[0-9a-f-]{36}$/.test(id)).toBe(true);
  });
});

describe("parseCookies", () => {
  it("reads a cookie header", () => {
    expect(parseCookies('a=1; b="two"; c=%20x; a=again; broken')).toEqual({ a: "1", b: "two", c: " x" });
    expect(parseCookies(undefined)).toEqual({});
  });
});
