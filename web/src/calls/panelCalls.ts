import { ActivePanelAnswerSchema, PanelVoteAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";

/** The panels' calls (spec shell §7): the active one, a dismiss, a vote. */

export const activePanel = () =>
  http.get("/api/panels/active", { schema: ActivePanelAnswerSchema, cache: "no-store" });

export const dismissPanel = (panelId: string) =>
  http.post(`/api/panels/${encodeURIComponent(panelId)}/dismiss`, {});

export const votePanel = (panelId: string, optionId: string) =>
  http.post(
    `/api/panels/${encodeURIComponent(panelId)}/vote`,
    { optionId },
    { schema: PanelVoteAnswerSchema },
  );
