import { type BotOutboxItem, DISCORD_LIMITS, fitGraphemes } from "@pickle-garden/shared";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from "discord.js";
import type { MessageBody } from "./discord.ts";
import { texts } from "./texts.ts";

type PanelItem = Extract<BotOutboxItem, { kind: "panel" }>;
type Panel = NonNullable<PanelItem["panel"]>;

const GREEN = 0x5b8c3a;
const GREY = 0x7a7a7a;

/** A vote button's custom_id: `panel:<panelId>:<optionId>` (both ids are at most 64 and 32 characters). */
export const voteButtonId = (panelId: string, optionId: string) => `panel:${panelId}:${optionId}`;

export function parseVoteButton(customId: string): { panelId: string; optionId: string } | null {
  const match = /^panel:([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,32})$/.exec(customId);
  return match ? { panelId: match[1]!, optionId: match[2]! } : null;
}

/** An option's button: its label cut between graphemes (never inside an emoji) so that with its count it fits Discord's 80. */
export function buttonLabel(label: string, count: number): string {
  const suffix = ` (${count})`;
  return `${fitGraphemes(label, DISCORD_LIMITS.buttonLabel - suffix.length)}${suffix}`;
}

/**
 * A panel as a Discord message (in English: the channel is shared): an embed; a poll adds one button per
 * option with its count; a closed poll has its buttons disabled and says the counts are final.
 */
export function panelMessage(panel: Panel, votes: Record<string, number>): MessageBody {
  const t = texts("en").t;
  const closed = !panel.active;
  const embed = new EmbedBuilder()
    .setTitle(panel.title)
    .setColor(closed ? GREY : GREEN)
    .setFooter({ text: `v${panel.version}` });
  if (panel.body) embed.setDescription(panel.body);
  if (panel.type !== "poll") return { embeds: [embed.toJSON()], components: [] };

  const total = panel.options.reduce((sum, o) => sum + (votes[o.id] ?? 0), 0);
  embed.addFields(
    panel.options.map((o) => {
      const n = votes[o.id] ?? 0;
      const pct = total > 0 ? Math.round((n / total) * 100) : 0;
      return { name: o.label, value: `${t("panel.votes", { count: n, n })} · ${pct}%`, inline: true };
    }),
  );
  embed.setFooter({
    text: `v${panel.version} · ${closed ? t("panel.closedFooter") : t("panel.openFooter")}`,
  });
  // up to 5 buttons per row, 10 options at most: two rows
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  panel.options.forEach((o, i) => {
    if (i % 5 === 0) rows.push(new ActionRowBuilder<ButtonBuilder>());
    rows.at(-1)!.addComponents(
      new ButtonBuilder()
        .setCustomId(voteButtonId(panel._id, o.id))
        .setLabel(buttonLabel(o.label, votes[o.id] ?? 0))
        .setStyle(ButtonStyle.Primary)
        .setDisabled(closed),
    );
  });
  return { embeds: [embed.toJSON()], components: rows.map((r) => r.toJSON()) };
}
