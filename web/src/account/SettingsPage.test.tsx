import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../testing/mockServer.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { json, testPlayer } from "../../testing/testPlayer.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import SettingsPage from "./SettingsPage.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);

describe("SettingsPage: the username", () => {
  it("a rename is one request whose answer names the player; no get-user after it", async () => {
    testPlayer({ username: "Old Name" });
    const server = mockServer();
    // the server keeps its own form of the name: the answer, not the field, is what the player is called
    server.on("PATCH /api/user/username", () => json({ username: "Pip" }));
    render(
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>,
    );
    const input = screen.getByLabelText("Username");
    fireEvent.change(input, { target: { value: "  Pip  " } });
    const before = server.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Saved.");
    await waitFor(() => expect(usePlayerStore.getState().player?.username).toBe("Pip"));
    expect(server.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual([
      "PATCH /api/user/username",
    ]);
  });
});
