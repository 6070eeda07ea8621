import { randomUUID } from "node:crypto";
import {
  type ActivePanelAnswer,
  ERROR_CODES,
  type PanelCreateBody,
  PanelCreateBodySchema,
  type PanelUpdateBody,
  type PanelView,
  panelDiscordProblem,
} from "@pickle-garden/shared";
import type { Panel, Store } from "../store/Store.ts";
import { GameError } from "./GameError.ts";
import { queuePanelSync } from "./outbox.ts";
import { WEEKLY_PANEL_PREFIX } from "./weeklyPanel.ts";

/**
 * Announcement and poll panels (spec shell §4 Panels): the newest active panel a player has not closed
 * (dismissed or voted on) at its current version; authoring bumps the version so it shows again.
 * Used by the HTTP routes, the admin CLI and the bot alike; every change (and every vote, for the counts)
 * queues the panel's Discord message to follow.
 */

export function publicPanel(p: Panel): PanelView {
  return {
    _id: p._id,
    version: p.version,
    type: p.type,
    title: p.title,
    body: p.body,
    dismissible: p.dismissible,
    options: p.options,
  };
}

export async function activePanel(store: Store, discordId: string): Promise<ActivePanelAnswer> {
  const [panels, closed] = await Promise.all([store.listActivePanels(), store.closedPanels(discordId)]);
  const open = panels
    // the weekly goal's panel is the bot's; the website shows the goal on Home
    .filter((p) => p.active && closed[p._id] !== p.version && !p._id.startsWith(WEEKLY_PANEL_PREFIX))
    .sort((a, b) => b.createdAt - a.createdAt || (a._id < b._id ? -1 : 1));
  const panel = open[0];
  if (!panel) return { panel: null, votes: {} };
  return { panel: publicPanel(panel), votes: await store.voteCounts(panel._id) };
}

async function livePanel(store: Store, panelId: string): Promise<Panel> {
  const panel = await store.getPanel(panelId);
  if (!panel?.active) throw GameError.notFound(`Unknown panel: ${panelId}`, ERROR_CODES.unknownPanel);
  return panel;
}

export type VoteOutcome =
  | { status: "recorded" | "already"; option: Panel["options"][number] }
  | { status: "closed" };

/**
 * One vote per player per panel, from the website or a Discord button alike. A closed or unknown panel
 * and a second vote are outcomes (the bot answers them in its words); a malformed vote is an error.
 */
export async function castVote(
  store: Store,
  discordId: string,
  panelId: string,
  optionId: string,
  now: number,
): Promise<VoteOutcome> {
  const panel = await store.getPanel(panelId);
  if (!panel?.active) return { status: "closed" };
  if (panel.type !== "poll")
    throw GameError.badRequest("This panel is not a poll", ERROR_CODES.unknownOption);
  const option = panel.options.find((o) => o.id === optionId);
  if (!option) throw GameError.badRequest(`Unknown option: ${optionId}`, ERROR_CODES.unknownOption);
  if (!(await store.recordVote(panelId, discordId, optionId))) {
    const earlier = await store.voteOf(panelId, discordId);
    return { status: "already", option: panel.options.find((o) => o.id === earlier) ?? option };
  }
  await store.dismissPanel(panelId, discordId, panel.version);
  await queuePanelSync(store, panelId, now);
  return { status: "recorded", option };
}

/** The website's vote (spec shell §7): 404 on a closed panel, 409 on a second vote, else the counts. */
export async function votePanel(
  store: Store,
  discordId: string,
  panelId: string,
  optionId: string,
  now: number,
): Promise<{ ok: true; votes: Record<string, number> }> {
  const outcome = await castVote(store, discordId, panelId, optionId, now);
  if (outcome.status === "closed")
    throw GameError.notFound(`Unknown panel: ${panelId}`, ERROR_CODES.unknownPanel);
  if (outcome.status === "already")
    throw GameError.conflict("You already voted on this poll", ERROR_CODES.alreadyVoted);
  return { ok: true, votes: await store.voteCounts(panelId) };
}

export async function dismissPanel(store: Store, discordId: string, panelId: string): Promise<{ ok: true }> {
  const panel = await livePanel(store, panelId);
  if (!panel.dismissible)
    throw GameError.badRequest("This panel cannot be dismissed", ERROR_CODES.notDismissible);
  await store.dismissPanel(panelId, discordId, panel.version);
  return { ok: true };
}

export async function createPanel(store: Store, raw: PanelCreateBody, now: number): Promise<Panel> {
  const body = PanelCreateBodySchema.parse(raw);
  const id = body._id ?? randomUUID().replaceAll("-", "").slice(0, 16);
  if (await store.getPanel(id)) throw GameError.conflict(`Panel ${id} exists`);
  const panel: Panel = {
    _id: id,
    version: 1,
    type: body.type,
    title: body.title,
    body: body.body,
    dismissible: body.dismissible,
    options: body.options,
    active: body.active,
    createdAt: now,
  };
  await store.savePanel(panel);
  await queuePanelSync(store, id, now);
  return panel;
}

export async function updatePanel(
  store: Store,
  panelId: string,
  patch: PanelUpdateBody,
  now: number,
): Promise<Panel> {
  const panel = await store.getPanel(panelId);
  if (!panel) throw GameError.notFound(`Unknown panel: ${panelId}`, ERROR_CODES.unknownPanel);
  const next: Panel = { ...panel, ...patch };
  if (next.type === "poll" && next.options.length < 2)
    throw GameError.badRequest("a poll needs at least 2 options");
  const problem = panelDiscordProblem(next);
  if (problem) throw GameError.badRequest(problem);
  const contentChanged = (["type", "title", "body", "dismissible", "options"] as const).some(
    (k) => patch[k] !== undefined && JSON.stringify(patch[k]) !== JSON.stringify(panel[k]),
  );
  if (contentChanged) next.version = panel.version + 1;
  await store.savePanel(next);
  await queuePanelSync(store, panelId, now);
  return next;
}
