import {
  EmptyBodySchema,
  PanelCreateBodySchema,
  PanelIdSchema,
  PanelUpdateBodySchema,
  PanelVoteBodySchema,
} from "@pickle-garden/shared";
import type { Router } from "express";
import type { GameService } from "../game/GameService.ts";
import {
  activePanelOf,
  adminCreatePanel,
  adminPanels,
  adminUpdatePanel,
  dismissPanelOf,
  voteOnPanel,
} from "../game/panelCalls.ts";
import { type CallContext, handle } from "./handle.ts";

/** Panels (spec shell §7) and their authoring for ADMIN_DISCORD_IDS. */
export function panelRoutes(r: Router, service: GameService): void {
  const panelId = (c: CallContext) => PanelIdSchema.parse(c.req.params.id);

  r.get(
    "/panels/active",
    handle(EmptyBodySchema, (_b, c) => activePanelOf(service, c.discordId)),
  );
  r.post(
    "/panels/:id/dismiss",
    handle(EmptyBodySchema, (_b, c) => dismissPanelOf(service, c.discordId, panelId(c))),
  );
  r.post(
    "/panels/:id/vote",
    handle(PanelVoteBodySchema, (b, c) => voteOnPanel(service, c.discordId, panelId(c), b.optionId)),
  );

  r.get(
    "/admin/panels",
    handle(EmptyBodySchema, (_b, c) => adminPanels(service, c.discordId)),
  );
  r.post(
    "/admin/panels",
    handle(PanelCreateBodySchema, (b, c) => adminCreatePanel(service, c.discordId, b)),
  );
  r.patch(
    "/admin/panels/:id",
    handle(PanelUpdateBodySchema, (b, c) => adminUpdatePanel(service, c.discordId, panelId(c), b)),
  );
}
