import { expect } from "vitest";

/** Test helper: a rule's refusal with this code and a message that says why (what the server answers). */
export function refused(code: string) {
  return { ok: false, code, message: expect.stringMatching(/\w/) };
}
