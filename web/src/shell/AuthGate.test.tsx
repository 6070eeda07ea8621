import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { mockServer } from "../../testing/mockServer.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { App } from "../App.tsx";
import { setPlayer } from "../stores/playerStore.ts";
import { setSession } from "../stores/sessionStore.ts";
import { AuthGate } from "./AuthGate.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

function LoginProbe() {
  const { search } = useLocation();
  return <p>login page {search}</p>;
}

function gate(path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="*"
          element={
            <AuthGate>
              <p>the shell</p>
            </AuthGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe("AuthGate", () => {
  it("shows 'Warming the garden…' / 'Authenticating' while the session loads", () => {
    gate();
    expect(screen.getByRole("heading", { name: "Warming the garden…" })).toBeTruthy();
    expect(screen.getByText("Authenticating")).toBeTruthy();
  });

  it("shows 'Loading…' with a session and no player yet", () => {
    const server = mockServer();
    server.on("GET /api/user/get-user", () => new Promise(() => {}));
    setSession({ status: "authenticated", discordId: "guest-abc123" });
    gate();
    expect(screen.getByRole("heading", { name: "Loading…" })).toBeTruthy();
  });

  it("renders its children once the player is loaded", () => {
    setSession({ status: "authenticated", discordId: "guest-abc123" });
    setPlayer(playerView());
    gate();
    expect(screen.getByText("the shell")).toBeTruthy();
  });

  it("offers a retry when the player cannot be loaded", async () => {
    const server = mockServer();
    server.on("GET /api/user/get-user", () => new Response("boom", { status: 500 }));
    setSession({ status: "authenticated", discordId: "guest-abc123" });
    gate();
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("does not sign a guest in while a logout is in progress, and sends to /login with SessionRequired", async () => {
    const server = mockServer();
    setSession({ status: "unauthenticated", logoutInProgress: true });
    gate("/inventory?x=1");
    expect(await screen.findByText(/login page/)).toBeTruthy();
    expect(screen.getByText(/error=SessionRequired/).textContent).toContain(
      `callbackUrl=${encodeURIComponent("/inventory?x=1")}`,
    );
    expect(server.calls.some((c) => c.path === "/api/auth/callback/guest")).toBe(false);
  });

  it("redirects to /login when the guest sign-in fails", async () => {
    const server = mockServer();
    server.on("GET /api/auth/csrf", { csrfToken: "tok" });
    server.on("POST /api/auth/callback/guest", () => new Response("{}", { status: 500 }));
    setSession({ status: "unauthenticated" });
    gate("/lab");
    expect(await screen.findByText(/error=SessionRequired/)).toBeTruthy();
  });
});

describe("guest auto sign-in (whole app, mocked server)", () => {
  // the app fetches the shell's chunk at start and the shell the group and chat's: let those loads end
  // before the environment is torn down
  afterAll(() => Promise.all([import("./Shell.tsx"), import("../social/SocialPanel.tsx")]));

  it("signs a visitor in as a guest and shows the shell", async () => {
    const server = mockServer();
    let signedIn = false;
    server.on("GET /api/auth/session", () =>
      signedIn ? { user: { discordId: "guest-abc123", name: "Guest Sprout" } } : {},
    );
    server.on("GET /api/auth/csrf", { csrfToken: "csrf-1" });
    server.on("POST /api/auth/callback/guest", () => {
      signedIn = true;
      return { url: "http://localhost/" };
    });
    server.on("GET /api/user/get-user", { user: playerView() });
    server.on("GET /api/server-time", { now: Date.now(), iso: new Date().toISOString() });

    render(<App router="memory" initialPath="/" />);
    expect(
      await screen.findByRole("navigation", { name: "Game navigation" }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByTestId("guest-badge").textContent).toContain("Guest");

    const signIn = server.calls.find((c) => c.path === "/api/auth/callback/guest")!;
    expect(signIn.method).toBe("POST");
    const form = new URLSearchParams(signIn.body);
    expect(form.get("csrfToken")).toBe("csrf-1");
    expect(form.get("json")).toBe("true");
    expect(signIn.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    await waitFor(() => expect(server.calls.some((c) => c.path === "/api/server-time")).toBe(true));
  });

  it("sends the activity's bearer token and never signs a guest in", async () => {
    const server = mockServer();
    server.on("GET /api/user/get-user", { user: playerView({ discordId: "123", featureFlags: {} }) });
    server.on("GET /api/server-time", { now: Date.now(), iso: "" });
    render(<App router="memory" initialPath="/" sessionToken="secret-token" />);
    expect(
      await screen.findByRole("navigation", { name: "Game navigation" }, { timeout: 3000 }),
    ).toBeTruthy();
    const getUser = server.calls.find((c) => c.path === "/api/user/get-user")!;
    expect(getUser.headers.get("authorization")).toBe("Bearer secret-token");
    expect(server.calls.some((c) => c.path.startsWith("/api/auth/"))).toBe(false);
    expect(server.calls.every((c) => !c.path.includes("secret-token"))).toBe(true);
    expect(screen.queryByTestId("guest-badge")).toBeNull();
  });
});
