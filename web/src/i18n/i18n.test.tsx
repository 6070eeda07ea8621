import { act, render, screen } from "@testing-library/react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../stores/settingsStore.ts";
import enShell from "./en/shell.ts";
import frShell from "./fr/shell.ts";
import { i18n } from "./index.ts";

function keys(o: object, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function Probe() {
  const { t } = useTranslation("shell");
  return (
    <p>
      {t("auth.warming")} | {t("auth.loading")} | {t("topbar.players", { count: 2 })}
    </p>
  );
}

afterEach(() => setLanguage("en"));

describe("i18n", () => {
  it("French has exactly the English keys, none empty", () => {
    expect(keys(frShell).sort()).toEqual(keys(enShell).sort());
    for (const k of keys(frShell)) expect(i18n.getResource("fr", "shell", k)).not.toBe("");
  });

  it("switches between English and French from the settings store, and sets <html lang>", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByText("Warming the garden… | Loading… | 2 players")).toBeTruthy();
    act(() => setLanguage("fr"));
    expect(screen.getByText("Le jardin se réchauffe… | Chargement... | 2 joueurs")).toBeTruthy();
    expect(document.documentElement.lang).toBe("fr");
    expect(window.localStorage.getItem("pg.language")).toBe("fr");
    act(() => setLanguage("en"));
    expect(screen.getByText(/Warming the garden/)).toBeTruthy();
  });

  it("keeps the spec's texts", () => {
    expect(i18n.getFixedT("en", "shell")("auth.authenticating")).toBe("Authenticating");
    expect(i18n.getFixedT("en", "shell")("messages.died")).toBe(
      "You died! Wait 10 seconds before fighting again.",
    );
    expect(i18n.getFixedT("fr", "shell")("auth.loading")).toBe("Chargement...");
    expect(i18n.getFixedT("en", "shell")("auth.loading")).toBe("Loading…");
    expect(i18n.getFixedT("en", "shell")("messages.noSpaceToAdd", { n: 3, item: "Dirt" })).toBe(
      "No space to add 3 Dirt.",
    );
  });
});
