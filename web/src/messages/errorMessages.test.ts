import {
  ACTION_CODES,
  EQUIP_CODES,
  ERROR_CODES,
  GATHER_CODES,
  LAB_CODES,
  SPELL_CODES,
  TUTORIAL_CODES,
} from "@pickle-garden/shared";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api/http.ts";
import { i18n } from "../i18n/index.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import { errorCodeText, errorText } from "./errorMessages.ts";

afterEach(() => setLanguage("en"));

const SERVER_ENGLISH = "Slot 2 is locked (server text)";
const RULE_CODES: readonly Readonly<Record<string, string>>[] = [
  ERROR_CODES,
  ACTION_CODES,
  GATHER_CODES,
  SPELL_CODES,
  EQUIP_CODES,
  LAB_CODES,
  TUTORIAL_CODES,
];
const CODES = [
  ...RULE_CODES.flatMap((codes) => Object.values(codes)),
  "account/not_a_guest",
  "account/not_found",
  "account/username_invalid",
];

describe("error texts come from the protocol's codes, never from the server's English", () => {
  it("every error and rule code has its own text in English and in French", () => {
    for (const language of ["en", "fr"] as const) {
      setLanguage(language);
      const generic = i18n.t("errors.generic", { ns: "pages" });
      for (const code of CODES) {
        const text = errorCodeText(code);
        expect(text, `${language} ${code}`).not.toBe(generic);
        expect(text, `${language} ${code}`).not.toMatch(/errors\./);
      }
    }
  });

  it("a refused rule's answer is told in the player's language from its code", () => {
    const err = new ApiError(422, SERVER_ENGLISH, { error: SERVER_ENGLISH, code: SPELL_CODES.cooldown });
    expect(errorText(err)).toBe("That spell is not ready yet.");
    setLanguage("fr");
    expect(errorText(err)).toBe("Ce sort n'est pas encore prêt.");
  });

  it("an unknown code, or none, gives the generic text, not the server's", () => {
    const unknown = new ApiError(422, SERVER_ENGLISH, { error: SERVER_ENGLISH, code: "brand/new_code" });
    expect(errorText(unknown)).toBe("Something went wrong. Nothing changed; try again.");
    expect(errorCodeText(undefined)).toBe("Something went wrong. Nothing changed; try again.");
    setLanguage("fr");
    expect(errorText(unknown)).toBe("Un problème est survenu. Rien n'a changé ; réessayez.");
  });

  it("an answer without a code is told by its status; an account route's code sits in `error`", () => {
    expect(errorText(new ApiError(429, "Too Many Requests", { error: "Too many writes" }))).toBe(
      "Too many actions at once. Wait a moment, then try again.",
    );
    expect(errorText(new ApiError(401, "Unauthorized", null))).toBe(
      "Your session has ended. Please sign in again.",
    );
    const account = new ApiError(400, SERVER_ENGLISH, {
      error: "account/username_invalid",
      message: "Username cannot be empty.",
    });
    expect(errorText(account)).toBe("That name cannot be used. Use 1 to 32 characters.");
  });

  it("a call that never got an answer is a network failure", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toBe(
      "Could not reach the server. Check your connection and try again.",
    );
    // what api/http.ts throws when fetch itself failed
    expect(errorText(new ApiError(0, "Network error"))).toBe(
      "Could not reach the server. Check your connection and try again.",
    );
  });
});
