import { configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { mockServer } from "../../testing/mockServer.ts";
import { setLanguage } from "../stores/settingsStore.ts";
import { NotificationSettings } from "./NotificationSettings.tsx";

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  setLanguage("en");
  vi.unstubAllGlobals();
});

describe("NotificationSettings", () => {
  it("shows the setting, and turning it off saves it with the page's language", async () => {
    const server = mockServer();
    server.on("GET /api/user/notifications", { summaries: true, language: "en", linked: true });
    server.on("PUT /api/user/notifications", ({ body }: { body: string }) => ({
      ...JSON.parse(body),
      linked: true,
    }));
    render(<NotificationSettings />);
    const toggle = (await screen.findByTestId("summaries-toggle")) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    const put = server.calls.find((c) => c.method === "PUT");
    expect(JSON.parse(put!.body)).toEqual({ summaries: false, language: "en" });
  });

  it("a guest sees why it is off; a failure says so with a retry", async () => {
    const server = mockServer();
    server.on("GET /api/user/notifications", { summaries: true, language: "en", linked: false });
    const { unmount } = render(<NotificationSettings />);
    const toggle = (await screen.findByTestId("summaries-toggle")) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(/Link a Discord account/)).toBeTruthy();
    unmount();
    server.on("GET /api/user/notifications", () => new Response("{}", { status: 500 }));
    render(<NotificationSettings />);
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("in French", async () => {
    setLanguage("fr");
    const server = mockServer();
    server.on("GET /api/user/notifications", { summaries: false, language: "fr", linked: true });
    render(<NotificationSettings />);
    expect(await screen.findByText("Résumés de retour en message privé Discord")).toBeTruthy();
  });
});
