import type { BossKill, BotStatusAnswer, ItemQuantity, WelcomeBack } from "@pickle-garden/shared";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from "discord.js";
import type { MessageBody } from "./discord.ts";
import { type Texts, texts } from "./texts.ts";

const GREEN = 0x5b8c3a;
const FIELD_MAX = 1024;

const lines = (items: string[]) => {
  const text = items.join("\n");
  return text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX - 1)}…` : text;
};
const itemLines = (x: Texts, items: readonly ItemQuantity[]) =>
  lines(items.map((i) => `${x.number(i.quantity)} × ${x.names.itemName(i.id)}`));

/** A party boss beaten, announced in the panel channel (in English, as the panels). */
export function bossKillMessage(kill: BossKill): MessageBody {
  const { t, names } = texts("en");
  return {
    content: t("boss.killed", { boss: names.bossName(kill.bossId), names: kill.names.join(", ") }),
  };
}

/** The welcome-back DM, in the player's language, with a link back to the game. */
export function welcomeBackMessage(dm: WelcomeBack): MessageBody {
  const x = texts(dm.language);
  const { t } = x;
  const embed = new EmbedBuilder()
    .setColor(GREEN)
    .setTitle(t("welcome.title", { name: dm.username }))
    .setDescription(t("welcome.away", { time: x.duration(dm.awayMs) }))
    .setURL(dm.gameUrl)
    .setFooter({ text: t("welcome.footer") });
  if (dm.gathered.length > 0)
    embed.addFields({ name: t("welcome.gathered"), value: itemLines(x, dm.gathered) });
  if (dm.crafted.length > 0) embed.addFields({ name: t("welcome.crafted"), value: itemLines(x, dm.crafted) });
  if (dm.questsReady.length > 0)
    embed.addFields({
      name: t("welcome.questsReady"),
      value: lines(dm.questsReady.map((q) => x.names.questTitle(q, x.number(q.count)))),
    });
  if (dm.fought) {
    const { kills, deaths } = dm.fought;
    const fight = [
      t("pages:offline.kills", { count: kills, n: x.number(kills) }),
      t("pages:offline.deaths", { count: deaths, n: x.number(deaths) }),
    ].join(", ");
    const loot = dm.fought.loot.length > 0 ? `\n${itemLines(x, dm.fought.loot)}` : "";
    embed.addFields({ name: t("welcome.fought"), value: lines([`${fight}${loot}`]) });
  }
  if (dm.levels.length > 0) {
    embed.addFields({
      name: t("welcome.levels"),
      value: lines(
        dm.levels.map((l) => t("welcome.level", { skill: x.skill(l.skill), from: l.from, to: l.to })),
      ),
    });
  }
  const xp = Object.entries(dm.xp);
  if (xp.length > 0) {
    const rp = dm.rp > 0 ? [t("pages:offline.rp", { n: x.number(dm.rp, 2) })] : [];
    const bonus = dm.bonusXp > 0 ? [t("welcome.bonusXp", { xp: `+${x.number(dm.bonusXp)}` })] : [];
    embed.addFields({
      name: t("welcome.xp"),
      value: lines([
        ...xp.map(([skill, n]) =>
          t("pages:offline.xpLine", { skill: x.skill(skill), xp: `+${x.number(n)}` }),
        ),
        ...bonus,
        ...rp,
      ]),
    });
  }
  if (dm.lostToFullInventory > 0 || dm.craftStoppedForInventory) {
    const lost =
      dm.lostToFullInventory > 0
        ? [t("welcome.lostItems", { count: dm.lostToFullInventory, n: x.number(dm.lostToFullInventory) })]
        : [];
    const stopped = dm.craftStoppedForInventory ? [t("welcome.craftStopped")] : [];
    embed.addFields({ name: t("welcome.lost"), value: lines([...lost, ...stopped]) });
  }
  const link = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(dm.gameUrl).setLabel(t("welcome.play")),
  );
  return { embeds: [embed.toJSON()], components: [link.toJSON()] };
}

/** /garden status as an embed in the asker's language. */
export function statusMessage(
  status: BotStatusAnswer,
  language: Texts["language"],
  gameUrl: string,
): MessageBody {
  const x = texts(language);
  const { t } = x;
  if (!status.found) return { content: t("status.notFound", { url: gameUrl }) };
  const a = status.activity;
  const doing =
    a.skill === "none"
      ? t("status.resting")
      : t("status.doing", {
          skill: x.skill(a.skill),
          location: x.names.locationName(a.location),
        });
  const pace =
    a.nextLevelInMs !== null && a.levelSkill !== null
      ? t("status.nextLevel", { skill: x.skill(a.levelSkill), time: x.duration(a.nextLevelInMs) })
      : t("status.noPace");
  const progress = a.progress !== null ? [t("status.progress", { pct: Math.round(a.progress * 100) })] : [];
  const embed = new EmbedBuilder()
    .setColor(GREEN)
    .setTitle(t("status.title", { name: status.username }))
    .setURL(gameUrl)
    .setDescription(status.online ? t("status.online") : t("status.offline"))
    .addFields(
      { name: t("status.activity"), value: lines([doing, ...progress, pace]) },
      {
        name: t("status.levels"),
        value: lines(status.skills.map((s) => `${x.skill(s.skill)} ${s.level}`)),
        inline: true,
      },
      { name: t("status.rp"), value: x.number(status.rp, 2), inline: true },
    );
  return { embeds: [embed.toJSON()] };
}
