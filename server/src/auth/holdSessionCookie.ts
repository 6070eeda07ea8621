import type { RequestHandler } from "express";

const PKCE_COOKIE = "authjs.pkce.code_verifier";
const SESSION_COOKIE = "authjs.session-token";

/**
 * Auth.js answers every GET /api/auth/session with a fresh session cookie (it rolls the expiry). While a
 * Discord sign-in or link runs in a popup (its PKCE cookie is set), the page polls the session with the
 * cookie it had: a poll answered after the popup's callback would put the old session (the guest) back
 * over the new one. During that round trip a poll reads the session and leaves the cookie alone.
 */
export const holdSessionCookieDuringOAuth: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" || req.path !== "/session" || !req.headers.cookie?.includes(PKCE_COOKIE)) {
    next();
    return;
  }
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) => {
    if (field.toLowerCase() !== "set-cookie" || value === undefined) return append(field, value);
    const kept = (Array.isArray(value) ? value : [value]).filter((c) => !c.includes(`${SESSION_COOKIE}`));
    return kept.length > 0 ? append(field, kept) : res;
  };
  next();
};
