import {
  type AdminPanelListAnswer,
  EmptyBodySchema,
  PanelCreateBodySchema,
  PanelIdSchema,
  PanelUpdateBodySchema,
  PanelVoteBodySchema,
} from "@pickle-garden/shared";
import { Router } from "express";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import {
  activePanel,
  createPanel,
  dismissPanel,
  publicPanel,
  updatePanel,
  votePanel,
} from "../game/panels.ts";
import { type CallContext, handle } from "./handle.ts";

/** Panels (spec shell §7) and their authoring for ADMIN_DISCORD_IDS. */
export function panelRoutes(service: GameService): Router {
  const r = Router();
  const store = service.store;
  const panelId = (c: CallContext) => PanelIdSchema.parse(c.req.params.id);
  const admin = (c: CallContext) => {
    if (!service.isAdmin(c.discordId)) throw GameError.forbidden("Only administrators author panels");
  };

  r.get(
    "/panels/active",
    handle(EmptyBodySchema, (_b, c) => activePanel(store, c.discordId)),
  );
  r.post(
    "/panels/:id/dismiss",
    handle(EmptyBodySchema, (_b, c) => dismissPanel(store, c.discordId, panelId(c))),
  );
  r.post(
    "/panels/:id/vote",
    handle(PanelVoteBodySchema, (b, c) =>
      votePanel(store, c.discordId, panelId(c), b.optionId, service.clock.now()),
    ),
  );

  r.get(
    "/admin/panels",
    handle(EmptyBodySchema, async (_b, c) => {
      admin(c);
      const panels = await store.listActivePanels();
      const list: AdminPanelListAnswer["panels"] = [];
      for (const p of panels) {
        const votes = await store.voteCountsByAccount(p._id);
        list.push({ ...publicPanel(p), active: p.active, createdAt: p.createdAt, votes });
      }
      return { panels: list } satisfies AdminPanelListAnswer;
    }),
  );
  r.post(
    "/admin/panels",
    handle(PanelCreateBodySchema, async (b, c) => {
      admin(c);
      return { panel: await createPanel(store, b, service.clock.now()) };
    }),
  );
  r.patch(
    "/admin/panels/:id",
    handle(PanelUpdateBodySchema, async (b, c) => {
      admin(c);
      return { panel: await updatePanel(store, panelId(c), b, service.clock.now()) };
    }),
  );
  return r;
}
