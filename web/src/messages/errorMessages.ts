import { ApiError } from "../api/http.ts";
import { i18n } from "../i18n/index.ts";

/**
 * What a failure tells the player, from the protocol alone: the answer's error code (ERROR_CODES and the
 * rules' codes, e.g. 'spell/cooldown') names a text of the `pages` namespace under `errors`; an unknown
 * or missing code gives a generic text. The server's English `error`/`message` is never shown.
 */
const CODE = /^[a-z_]+\/[a-z_]+$/;

/** Codes an answer without its own code stands for, by HTTP status. */
const BY_STATUS: Readonly<Record<number, string>> = {
  400: "request/invalid",
  401: "auth/required",
  403: "auth/forbidden",
  404: "request/not_found",
  413: "request/too_large",
  429: "request/rate_limited",
  500: "server/internal",
  502: "server/unavailable",
  503: "server/unavailable",
  504: "server/unavailable",
};

/** The code this client gives a call that never got an answer (no connection, no server). */
export const NETWORK_ERROR = "network";
/** The code this client gives a refusal that names no code and whose status says nothing more. */
export const GENERIC_ERROR = "generic";

/** Whether errorCodeText has words for this string: a protocol code ('area/what') or one of the two above. */
export function isErrorCode(code: string): boolean {
  return code === NETWORK_ERROR || code === GENERIC_ERROR || CODE.test(code);
}

/** The player's words for one error code. */
export function errorCodeText(code: string | undefined): string {
  if (code === NETWORK_ERROR) return i18n.t("errors.network", { ns: "pages" });
  if (code && CODE.test(code)) {
    const key = `errors.${code.replace("/", ".")}`;
    if (i18n.exists(key, { ns: "pages" })) return i18n.t(key, { ns: "pages" });
  }
  return i18n.t("errors.generic", { ns: "pages" });
}

/**
 * The code of a failed call: the body's `code`, an account route's code in `error`, else its status's;
 * NETWORK_ERROR when no answer came.
 */
export function errorCodeOf(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0) return NETWORK_ERROR;
  const body = (err.body ?? {}) as { code?: unknown; error?: unknown };
  if (typeof body.code === "string") return body.code;
  if (typeof body.error === "string" && CODE.test(body.error)) return body.error;
  return BY_STATUS[err.status] ?? GENERIC_ERROR;
}

/** What to tell the player about a failed call; a call that never got an answer is a network failure. */
export function errorText(err: unknown): string {
  return errorCodeText(errorCodeOf(err));
}
