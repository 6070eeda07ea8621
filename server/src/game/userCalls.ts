import {
  ERROR_CODES,
  GATHER_NODES,
  type GetUserAnswer,
  itemName,
  MONSTERS,
  type OfflineSummary,
  type SendItemAnswer,
  type SendItemBody,
  type UpdateHealthAnswer,
  type UpdateManaAnswer,
  type UpdateMonstersAnswer,
  type UpdateMonstersBody,
  type UpdateXpAnswer,
  type UpdateXpBody,
  unlockedSlotsAll,
} from "@pickle-garden/shared";
import { offlineSyncs } from "../metrics.ts";
import { queueWelcomeBack } from "./botOutbox.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import { JsonText } from "./JsonText.ts";
import { grantWeeklyOnLoad } from "./questCalls.ts";
import { syncOffline as deliverOffline } from "./syncOffline.ts";

/**
 * The /api/user calls of spec shell §7 (DESIGN §2): each settles the player to now and answers the
 * server's own values. Claimed health, mana, xp, monster hp and rewards are parsed and ignored.
 */

export function getUser(service: GameService, discordId: string): Promise<GetUserAnswer> {
  return service.read(discordId, (player) => ({ user: service.rules.view(player) }));
}

/** getUser's answer serialised by the rules' quicker way when they have one (the route's hot path). */
export function getUserJson(service: GameService, discordId: string): Promise<JsonText<GetUserAnswer>> {
  const { rules } = service;
  return service.read(discordId, (player) => {
    // no named closure here: tsx (esbuild keepNames) wraps each in a name-setting call, on every request
    const text = rules.viewJson
      ? `{"user":${rules.viewJson(player)}}`
      : JSON.stringify({ user: rules.view(player) });
    return new JsonText(text, () => ({ user: rules.view(player) }));
  });
}

export function updateHealth(service: GameService, discordId: string): Promise<UpdateHealthAnswer> {
  return service.read(discordId, (p) => ({ health: p.health, maxHealth: p.maxHealth, barrier: p.barrier }));
}

export function updateMana(service: GameService, discordId: string): Promise<UpdateManaAnswer> {
  return service.read(discordId, (p) => ({ mana: p.mana, maxMana: p.maxMana }));
}

export function updateMonsters(
  service: GameService,
  discordId: string,
  body: UpdateMonstersBody,
): Promise<UpdateMonstersAnswer> {
  for (const m of body.monsters ?? body.currentMonsters ?? []) {
    if (!MONSTERS[m.id]) throw GameError.badRequest(`Unknown monster: ${m.id}`, ERROR_CODES.unknownMonster);
  }
  return service.read(discordId, (p) => ({ currentMonsters: p.currentMonsters }));
}

/**
 * send-item: the reward the server granted most recently for that node or monster and not yet reported.
 * Nothing is granted here: the simulation grants rewards when it breaks a node or kills a monster.
 */
export function sendItem(
  service: GameService,
  discordId: string,
  body: SendItemBody,
): Promise<SendItemAnswer> {
  let key: string;
  if (body.nodeId !== undefined) {
    const node = GATHER_NODES[body.nodeId];
    if (!node)
      throw GameError.badRequest("Gathering reward ignored: nodeId unknown.", ERROR_CODES.unknownNode);
    if (body.skill !== node.skill) {
      throw GameError.badRequest(`Node ${body.nodeId} is not a ${body.skill} node`, ERROR_CODES.unknownNode);
    }
    key = `node:${body.nodeId}`;
  } else {
    const id = body.monsterId as number;
    if (!MONSTERS[id]) throw GameError.badRequest(`Unknown monster: ${id}`, ERROR_CODES.unknownMonster);
    key = `monster:${id}`;
  }
  return service.read(discordId, (_player, _now, live) => {
    const reward = live.rewards.get(key) ?? null;
    live.rewards.delete(key);
    if (!reward) return { rewardItem: null, message: "No reward pending", id: null, stack: 0 };
    return {
      rewardItem: reward,
      message: `Received ${reward.stack} ${itemName(reward.id)}`,
      id: reward.id,
      stack: reward.stack,
    };
  });
}

export function updateXp(
  service: GameService,
  discordId: string,
  body: UpdateXpBody,
): Promise<UpdateXpAnswer> {
  return service.read(discordId, (p) => ({
    lab: { rp: p.lab.rp },
    picklelogyGain: 0,
    skills: { picklelogy: p.skills.picklelogy, health: p.skills.health },
    level: p.skills[body.skill].level,
    xp: p.skills[body.skill].xp,
    unlockedSlots: unlockedSlotsAll(p),
  }));
}

export async function syncOffline(service: GameService, discordId: string): Promise<OfflineSummary> {
  const summary = await deliverOffline(service, discordId);
  try {
    await grantWeeklyOnLoad(service, discordId);
  } catch (err) {
    service.log.error({ err, discordId }, "granting the weekly reward on load failed");
  }
  offlineSyncs.inc({
    result: summary.repeated ? "repeat" : summary.awaySince === null ? "empty" : "delivered",
  });
  if (service.welcomeBack && !summary.repeated && summary.awaySince !== null) {
    const options = service.welcomeBack;
    try {
      const username = await service.read(discordId, (p) => p.username);
      await queueWelcomeBack(service.store, discordId, username, summary, service.clock.now(), options);
    } catch (err) {
      // the player has their summary; a DM that could not be queued is only logged
      service.log.error({ err, discordId }, "queueing the welcome-back DM failed");
    }
  }
  return summary;
}
