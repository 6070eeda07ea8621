import type {
  ActivePanelAnswer,
  AdminPanelListAnswer,
  PanelCreateBody,
  PanelUpdateBody,
} from "@pickle-garden/shared";
import type { Panel } from "../store/Store.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import { activePanel, createPanel, dismissPanel, publicPanel, updatePanel, votePanel } from "./panels.ts";

/** The calls behind the panel routes (spec shell §7): a player's panel, and authoring for ADMIN_DISCORD_IDS. */

export function activePanelOf(service: GameService, discordId: string): Promise<ActivePanelAnswer> {
  return activePanel(service.store, discordId);
}

export function dismissPanelOf(
  service: GameService,
  discordId: string,
  panelId: string,
): Promise<{ ok: true }> {
  return dismissPanel(service.store, discordId, panelId);
}

export function voteOnPanel(
  service: GameService,
  discordId: string,
  panelId: string,
  optionId: string,
): Promise<{ ok: true; votes: Record<string, number> }> {
  return votePanel(service.store, discordId, panelId, optionId, service.clock.now());
}

function requireAdmin(service: GameService, discordId: string): void {
  if (!service.isAdmin(discordId)) throw GameError.forbidden("Only administrators author panels");
}

/** The active panels with their counts per option, apart for linked players and guests. */
export async function adminPanels(service: GameService, discordId: string): Promise<AdminPanelListAnswer> {
  requireAdmin(service, discordId);
  const panels = await service.store.listActivePanels();
  const list: AdminPanelListAnswer["panels"] = [];
  for (const p of panels) {
    const votes = await service.store.voteCountsByAccount(p._id);
    list.push({ ...publicPanel(p), active: p.active, createdAt: p.createdAt, votes });
  }
  return { panels: list };
}

export async function adminCreatePanel(
  service: GameService,
  discordId: string,
  body: PanelCreateBody,
): Promise<{ panel: Panel }> {
  requireAdmin(service, discordId);
  return { panel: await createPanel(service.store, body, service.clock.now()) };
}

export async function adminUpdatePanel(
  service: GameService,
  discordId: string,
  panelId: string,
  patch: PanelUpdateBody,
): Promise<{ panel: Panel }> {
  requireAdmin(service, discordId);
  return { panel: await updatePanel(service.store, panelId, patch, service.clock.now()) };
}
