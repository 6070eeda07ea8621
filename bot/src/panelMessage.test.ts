import { DISCORD_LIMITS, PANEL_RENDER_RESERVE, panelEmbedLength } from "@pickle-garden/shared";
import type { APIEmbed } from "discord.js";
import { describe, expect, it } from "vitest";
import { buttonLabel, panelMessage } from "./panelMessage.ts";

const FAMILY = "👨‍👩‍👧‍👦";

/** What Discord counts toward an embed's 6,000 characters. */
const embedLength = (e: APIEmbed) =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.footer?.text.length ?? 0) +
  (e.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);

describe("panelMessage within Discord's limits", () => {
  it("the largest poll the server accepts, with huge counts and a long version, fits in 6,000 (the reserve holds)", () => {
    const options = Array.from({ length: 10 }, (_, i) => ({ id: `o${i}`, label: `${i}`.repeat(200) }));
    const title = "T".repeat(200);
    const content = { type: "poll", title, body: "", options };
    const body = "B".repeat(DISCORD_LIMITS.embedTotal - panelEmbedLength(content));
    const panel = {
      ...content,
      body,
      _id: "p",
      version: 99_999,
      type: "poll" as const,
      dismissible: true,
      active: false,
      createdAt: 0,
    };
    expect(panelEmbedLength(panel)).toBe(DISCORD_LIMITS.embedTotal);
    const votes = Object.fromEntries(options.map((o) => [o.id, 99_999_999]));
    const [embed] = panelMessage(panel, votes).embeds as APIEmbed[];
    const words = embedLength(embed!) - title.length - body.length - 10 * 200;
    expect(words).toBeLessThanOrEqual(10 * PANEL_RENDER_RESERVE.perOption + PANEL_RENDER_RESERVE.footer);
    expect(embedLength(embed!)).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotal);
  });

  it("a button label is cut between graphemes, counted with its count within 80", () => {
    const label = buttonLabel(FAMILY.repeat(20), 1234);
    expect(label.length).toBeLessThanOrEqual(DISCORD_LIMITS.buttonLabel);
    expect(label).toBe(`${FAMILY.repeat(6)}… (1234)`);
    expect(buttonLabel("Beetle", 0)).toBe("Beetle (0)");
  });
});
