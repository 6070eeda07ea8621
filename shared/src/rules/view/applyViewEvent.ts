import { type GatherSkill, isGatherSkill } from "../../data/skills.ts";
import type { MonsterInstance, Player, PlayerPatch, PlayerView } from "../../protocol/player.ts";
import type { ServerEventName, ServerEventPayload } from "../../protocol/socket.ts";
import { MONSTER_DAMAGE_POPUPS } from "../simulation/combat/events.ts";
import { monsterProto } from "../simulation/combat/monsterProto.ts";
import { PLACE_FIELDS } from "../simulation/room/roomMember.ts";
import { addItemsInPlace } from "../state/addItems.ts";
import { rpAfterGain, xpAfterGain } from "../state/grantXp.ts";
import { sameValue } from "../state/sameValue.ts";

/**
 * What a player's socket events say about its view, applied to it. The client applies its events
 * with it; the server's publisher predicts the client's view with it and sends, as a playerPatch, only
 * what the events left out. Pure; unchanged fields keep their objects. Returns the view itself when the
 * event says nothing about it (another player's event, or one with nothing to apply).
 */
export function applyViewEvent<E extends ServerEventName>(
  view: PlayerView,
  event: E,
  payload: ServerEventPayload<E>,
): PlayerView {
  if (event === "playerState") return payload as PlayerView;
  if (event === "playerPatch") return { ...view, ...(payload as PlayerPatch) };
  const change = viewChange(view, event, payload);
  return change ? { ...view, ...change } : view;
}

/**
 * What a rule's event changes in a view (applyViewEvent without the copy of the view): the new values of
 * the top-level fields it changes, each a new object (the view's own are never written), or null when it
 * says nothing about the view. The publisher writes it into a view only it holds.
 */
export function viewChange<E extends ServerEventName>(
  view: PlayerView,
  event: E,
  payload: ServerEventPayload<E>,
): Partial<PlayerView> | null {
  const change = CHANGE[event] as
    | ((v: PlayerView, p: ServerEventPayload<E>) => Partial<PlayerView> | null)
    | undefined;
  return change ? change(view, payload) : null;
}

const mine = (view: PlayerView, playerId: string | undefined) =>
  playerId === undefined || playerId === view.discordId;

const CHANGE: {
  [E in ServerEventName]?: (view: PlayerView, p: ServerEventPayload<E>) => Partial<PlayerView> | null;
} = {
  xpUpdate: (view, e) => {
    if (!mine(view, e.playerId)) return null;
    // the skill as the event says it; picklelogy's share and the RP as applyXp grants them
    const skills = { ...view.skills, [e.skill]: { xp: e.xp, level: e.level } };
    if (e.picklelogyGain > 0) skills.picklelogy = xpAfterGain(view.skills.picklelogy, e.picklelogyGain);
    if (!(e.rpGain > 0)) return { skills };
    return { skills, lab: { ...view.lab, ...rpAfterGain(view.lab, e.rpGain) } };
  },
  gatheringNode: (view, e) => {
    const a = view.currentAction;
    // after the reader's own hit, its next is one action time later (the speed the view shows for the skill)
    const speed = isGatherSkill(a.skill) ? view[`${a.skill as GatherSkill}Speed`] : undefined;
    const nextHitAt =
      e.at !== undefined && speed !== undefined && mine(view, e.playerId) ? e.at + speed : a.nextHitAt;
    return {
      currentAction: { ...a, nodeId: e.nodeId, nodeHp: e.nodeHp, nodeMaxHp: e.nodeMaxHp, nextHitAt },
    };
  },
  gatheringUpdate: (view, e) =>
    mine(view, e.playerId) && e.reward
      ? withItems(view, [{ id: e.reward.id, quantity: e.reward.stack }])
      : null,
  monsterLoot: (view, e) => (mine(view, e.playerId) && e.items ? withItems(view, e.items) : null),
  monsterAttack: (view, e) => {
    if (!mine(view, e.playerId)) return null;
    const bitten = { health: e.health, maxHealth: e.maxHealth ?? view.maxHealth };
    // the biter's next attack is one interval later (a frozen or stunned monster does not bite)
    const at = e.at;
    const monsters =
      at === undefined || e.uid === undefined
        ? null
        : withMonster(view, e.uid, (m) => ({ ...m, nextAttackAt: at + monsterProto(m.id).intervalMs }));
    return monsters ? { ...bitten, currentMonsters: monsters } : bitten;
  },
  popup: (view, e) => {
    // a hit or dot tick on one of the reader's monsters, its own or a room member's on the monsters they
    // share (the room sends the reader those first): its hp falls by the amount, as the rules take it
    const uid = e.target;
    if (uid === undefined || uid === "player" || !MONSTER_DAMAGE_POPUPS.has(e.type)) return null;
    const amount = e.value ?? 0;
    const monsters = withMonster(view, uid, (m) => ({ ...m, hp: amount < m.hp ? m.hp - amount : 0 }));
    return monsters ? { currentMonsters: monsters } : null;
  },
  playerDeath: (view, e) => (mine(view, e.playerId) ? { dead: true, health: 0 } : null),
  playerRevived: (view, e) =>
    mine(view, e.playerId)
      ? {
          dead: false,
          deathInfo: null,
          health: e.health ?? view.maxHealth,
          mana: e.mana ?? view.maxMana,
        }
      : null,
};

/** The view's monsters with the one of this uid changed (null when the view has none: it died or moved on). */
function withMonster(
  view: PlayerView,
  uid: string,
  change: (m: MonsterInstance) => MonsterInstance,
): PlayerView["currentMonsters"] | null {
  const i = view.currentMonsters.findIndex((m) => m.uid === uid);
  if (i < 0) return null;
  const currentMonsters = view.currentMonsters.slice();
  currentMonsters[i] = change(currentMonsters[i]!);
  return currentMonsters;
}

/**
 * The view's inventory with a drop or a loot put in it as the rules put it (addItemsInPlace), on a copy.
 * A rolled piece's affixes are not in the event: the patch that follows sets such a slot right.
 */
function withItems(
  view: PlayerView,
  items: readonly { id: number; quantity: number }[],
): Pick<PlayerView, "inventory"> {
  const draft = {
    inv_size: view.inv_size,
    modifiers: view.modifiers,
    inventory: view.inventory.map((slot) => ({ ...slot })),
  };
  for (const item of items) addItemsInPlace(draft as unknown as Player, item);
  return { inventory: draft.inventory };
}

/**
 * What no client shows of a view's field: the simulation's bookkeeping, which a patch does not carry on
 * its own (a patch for another change brings the field whole, these included).
 */
const UNSHOWN: { readonly [K in keyof PlayerView]?: ReadonlySet<string> } = {
  currentAction: new Set(["lastUpdate"]),
  combat: new Set(["manaSpent", "regenAcc", "nextRegenAt"]),
};

/** `a` and `b` agree on every part but the `unshown` ones. */
function sameShown(a: unknown, b: unknown, unshown: ReadonlySet<string>): boolean {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return sameValue(a, b);
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in y) if (!unshown.has(k) && !sameValue(x[k], y[k])) return false;
  for (const k in x) if (!unshown.has(k) && !(k in y)) return false;
  return true;
}

/**
 * The top-level fields of `next` that differ from `known` in what a client shows (compared by identity
 * first, then by value), leaving out `settledAt` and the bookkeeping (UNSHOWN). Empty when the client's
 * view is already right.
 */
export function viewPatch(known: PlayerView, next: PlayerView): PlayerPatch {
  const patch: Record<string, unknown> = {};
  const a = known as unknown as Record<string, unknown>;
  const b = next as unknown as Record<string, unknown>;
  for (const key in b) patchField(patch, a, b, key);
  return patch as PlayerPatch;
}

/**
 * viewPatch for a room member its settle moved by its place alone (advanceRoom's `placeOnly`), read from
 * its document without building its view: only the fields a place writes (PLACE_FIELDS) can differ
 * from `known`, when `known` is the view of its document before the settle with the events sent since.
 */
export function placePatch(known: PlayerView, player: Player): PlayerPatch {
  const patch: Record<string, unknown> = {};
  const a = known as unknown as Record<string, unknown>;
  const b = player as unknown as Record<string, unknown>;
  for (const key of PLACE_FIELDS) if (key !== "rng" && key in b) patchField(patch, a, b, key);
  return patch as PlayerPatch;
}

/** `next[key]` into the patch when it differs from `known[key]` in what a client shows. */
function patchField(
  patch: Record<string, unknown>,
  known: Record<string, unknown>,
  next: Record<string, unknown>,
  key: string,
): void {
  if (key === "settledAt") return;
  const v = next[key];
  if (v === known[key]) return;
  const unshown = UNSHOWN[key as keyof PlayerView];
  if (unshown ? !sameShown(known[key], v, unshown) : !sameValue(known[key], v)) patch[key] = v;
}
