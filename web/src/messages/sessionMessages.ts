import { i18n } from "../i18n/index.ts";
import { errorCodeText, isErrorCode } from "./errorMessages.ts";

/** Auth.js's error codes with their own text (a sign-in result's url carries them, spec §8). */
const AUTH_JS_ERRORS = new Set([
  "SessionRequired",
  "OAuthSignin",
  "OAuthCallback",
  "OAuthAccountNotLinked",
  "AccessDenied",
  "CredentialsSignin",
  "Configuration",
]);

/**
 * The words for a sign-in or link failure, from its code alone: an Auth.js code (kept in the session
 * store, or in the login page's url), or the failed call's protocol code. A server's text never reaches
 * the player; another Auth.js code is named, anything else is told generically.
 */
export function signInErrorText(code: string): string {
  if (AUTH_JS_ERRORS.has(code)) return i18n.t(`login.errors.${code}`, { ns: "shell" });
  if (isErrorCode(code)) return errorCodeText(code);
  if (/^[A-Za-z]{1,40}$/.test(code)) return i18n.t("login.errors.default", { ns: "shell", code });
  return errorCodeText(undefined);
}
