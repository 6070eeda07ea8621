import { encode, getToken } from "@auth/core/jwt";
import type { Request, Response } from "express";
import { cookieOptions, SESSION_MAX_AGE_S } from "./authConfig.ts";

const SESSION_COOKIE = "authjs.session-token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/**
 * Moves the caller's Auth.js session cookie to the player's new token generation. Finishing a link
 * ends every session of both ids, the one that chose included; this keeps that one signed in. A caller
 * without a session cookie (a bearer token) is left alone.
 */
export async function renewSessionCookie(
  req: Request,
  res: Response,
  secret: string,
  generation: number,
): Promise<void> {
  const secureCookie = req.headers.cookie?.includes(SECURE_SESSION_COOKIE) ?? false;
  const salt = secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const headers = { cookie: req.headers.cookie ?? "" };
  const token = await getToken({ req: { headers }, secret, secureCookie, salt });
  if (!token) return;
  const value = await encode({
    token: { ...token, gen: generation },
    secret,
    salt,
    maxAge: SESSION_MAX_AGE_S,
  });
  res.cookie(salt, value, { ...cookieOptions(req, SESSION_MAX_AGE_S * 1000), secure: secureCookie });
}
