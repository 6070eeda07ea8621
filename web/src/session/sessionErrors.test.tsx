import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../testing/mockServer.ts";
import { resetStores } from "../../testing/resetStores.ts";
import LoginPage from "../account/LoginPage.tsx";
import { signInErrorText } from "../messages/sessionMessages.ts";
import { useSessionStore } from "../stores/sessionStore.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import { linkDiscord, loginWithDiscord } from "./discordSignIn.ts";
import { signInGuest } from "./guestSignIn.ts";
import "../i18n/index.ts";

const SERVER_TEXT = "Server English that must never be shown";
const json = { "content-type": "application/json" };
const refuse = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: json });

beforeEach(resetStores);
afterEach(() => setLanguage("en"));

/** Auth.js's csrf and providers, answered as the server does. */
function authServer() {
  const server = mockServer();
  server.on("GET /api/auth/csrf", { csrfToken: "csrf" });
  server.on("GET /api/auth/providers", { guest: { id: "guest" }, discord: { id: "discord" } });
  server.on("GET /api/auth/session", null);
  return server;
}

describe("sign-in and link failures are kept as codes and told from them, never from the server's text", () => {
  it("a refused link keeps the account route's code; the player reads it in English or French", async () => {
    const server = authServer();
    server.on("POST /api/account/link/start", () =>
      refuse(400, { error: "account/not_a_guest", message: SERVER_TEXT }),
    );
    await linkDiscord();
    const { error, linkInProgress } = useSessionStore.getState();
    expect({ error, linkInProgress }).toEqual({ error: "account/not_a_guest", linkInProgress: false });
    expect(signInErrorText(error!)).toBe("Only a guest account can be linked.");
    setLanguage("fr");
    expect(signInErrorText(error!)).toBe("Seul un compte invité peut être lié.");
  });

  it("a Discord sign-in the server cannot start is told by its status", async () => {
    const server = authServer();
    server.on("POST /api/auth/signin/discord", () => refuse(500, { error: SERVER_TEXT }));
    await loginWithDiscord("/");
    const { error } = useSessionStore.getState();
    expect(error).toBe("server/internal");
    expect(signInErrorText(error!)).toBe("The server had a problem. Try again.");
    setLanguage("fr");
    expect(signInErrorText(error!)).toBe("Le serveur a rencontré un problème. Réessayez.");
  });

  it("Auth.js's own codes keep their texts; a strange code in the url is never echoed as text", () => {
    expect(signInErrorText("OAuthCallback")).toBe("Discord sign-in did not finish. Try again.");
    expect(signInErrorText("Verification")).toBe("Sign-in failed (Verification).");
    expect(signInErrorText(SERVER_TEXT)).toBe("Something went wrong. Nothing changed; try again.");
    expect(signInErrorText("network")).toBe(
      "Could not reach the server. Check your connection and try again.",
    );
  });

  it.each([
    ["en", "/login", "Play as guest", "Too many actions at once. Wait a moment, then try again."],
    ["fr", "/fr/login", "Jouer en invité", "Trop d'actions à la fois. Patientez un instant, puis réessayez."],
  ])(
    "the login page (%s) shows a refused guest sign-in in the player's language",
    async (_lang, path, button, text) => {
      const server = authServer();
      server.on("POST /api/auth/callback/guest", () => refuse(429, { error: SERVER_TEXT }));
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/fr/login" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>,
      );
      await act(async () => fireEvent.click(await screen.findByRole("button", { name: button })));
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(text);
      expect(document.body.textContent).not.toContain(SERVER_TEXT);
    },
  );

  it("a guest sign-in that does not take is Auth.js's CredentialsSignin", async () => {
    const server = authServer();
    server.on("POST /api/auth/callback/guest", { url: "http://localhost/" });
    expect(await signInGuest()).toBe(false);
    expect(useSessionStore.getState().error).toBe("CredentialsSignin");
  });
});
