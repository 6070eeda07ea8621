import { errorCodeOf } from "../messages/errorMessages.ts";

/** A sign-in Auth.js did not complete, with its error code (from the result's url, or the one we name). */
export class AuthFlowError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "AuthFlowError";
  }
}

/**
 * What a failed sign-in or link keeps in the session store: Auth.js's code, else the failed call's protocol
 * code (messages/sessionMessages.ts words both); never the error's or the server's text.
 */
export function failureCode(err: unknown): string {
  return err instanceof AuthFlowError ? err.code : errorCodeOf(err);
}
