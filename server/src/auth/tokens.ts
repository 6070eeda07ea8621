import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/**
 * Our own signed tokens (HMAC-SHA256 keyed from AUTH_SECRET, one key per purpose), compact and fast
 * to check on every request:
 * - guest: names a guest id; the only way to sign in as that guest (a bare id gets nothing)
 * - session: the bearer token of the activity (and of any client that cannot keep cookies)
 * - link: a pending guest → Discord link, kept in an HttpOnly cookie during the OAuth round trip
 */
export type TokenPurpose = "guest" | "session" | "link";

/** A session or guest token's generation; tokens that name none count as 0. */
export const tokenGeneration = (claims: TokenClaims) => (typeof claims.gen === "number" ? claims.gen : 0);

export interface TokenClaims {
  sub: string;
  /** issued at, epoch ms */
  iat: number;
  /** expires at, epoch ms; absent = no expiry */
  exp?: number;
  /** purpose-specific extra, e.g. the Discord id of a pending link */
  ext?: string;
  /** a pending link: the Discord profile's name and avatar */
  name?: string;
  avatar?: string | null;
  /** a session: the rooms `discord:<instanceId>` granted at the activity's token exchange */
  instances?: string[];
  /** session and guest tokens: the player's token generation when issued (absent: 0) */
  gen?: number;
}

export const SESSION_TOKEN_TTL_MS = 7 * 24 * 3600_000;
/** as long as the browser cookie that holds it; every sign-in as the guest issues a fresh one */
export const GUEST_TOKEN_TTL_MS = 365 * 24 * 3600_000;
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

export class TokenSigner {
  private readonly keys: Record<TokenPurpose, Buffer>;

  constructor(secret: string) {
    const key = (purpose: TokenPurpose) =>
      createHmac("sha256", secret).update(`pickle-garden:${purpose}:v1`).digest();
    this.keys = { guest: key("guest"), session: key("session"), link: key("link") };
  }

  sign(purpose: TokenPurpose, claims: TokenClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return `${body}.${this.mac(purpose, body)}`;
  }

  /** The claims when the token is well-formed, signed for this purpose and not expired; else null. */
  verify(purpose: TokenPurpose, token: unknown, now: number): TokenClaims | null {
    if (typeof token !== "string" || token.length > 2048) return null;
    const dot = token.indexOf(".");
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    // compare the encoded strings: only the canonical encoding of the signature is accepted
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.mac(purpose, body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenClaims;
      if (typeof claims.sub !== "string" || !claims.sub) return null;
      if (typeof claims.exp === "number" && claims.exp <= now) return null;
      return claims;
    } catch {
      return null;
    }
  }

  /** `generation`: the player's current token generation (TokenGenerations). */
  sessionToken(discordId: string, now: number, instances: readonly string[] = [], generation = 0): string {
    return this.sign("session", {
      sub: discordId,
      iat: now,
      exp: now + SESSION_TOKEN_TTL_MS,
      ...(generation > 0 ? { gen: generation } : {}),
      ...(instances.length > 0 ? { instances: [...instances] } : {}),
    });
  }

  /** `generation`: the guest's token generation (a sign-out revokes the guest tokens issued before it). */
  guestToken(guestId: string, now: number, generation = 0): string {
    return this.sign("guest", {
      sub: guestId,
      iat: now,
      exp: now + GUEST_TOKEN_TTL_MS,
      ...(generation > 0 ? { gen: generation } : {}),
    });
  }

  private mac(purpose: TokenPurpose, body: string): string {
    return createHmac("sha256", this.keys[purpose]).update(body).digest("base64url");
  }
}

/** A new guest id: `guest-` and 122 random bits, unguessable. */
export function mintGuestId(): string {
  return `guest-${randomUUID()}`;
}

export const isGuestId = (id: string) => id.startsWith("guest-");

/** Minimal cookie header parser (name → first value). */
export function parseCookies(header: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}
