import {
  BotAckAnswerSchema,
  BotClaimAnswerSchema,
  type BotOutboxItem,
  BotPanelAnswerSchema,
  type BotStatusAnswer,
  BotStatusAnswerSchema,
  BotSummariesAnswerSchema,
  type BotVoteAnswer,
  BotVoteAnswerSchema,
  type PanelCreateBody,
  type PanelMessageRef,
  type PanelUpdateBody,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
} from "@pickle-garden/shared";
import type { z } from "zod";

/**
 * A refusal from the server (4xx): its code says what to tell the user, in their language (the message is
 * the server's English, for the log).
 */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ServerRefusal";
  }
}

type Panel = z.infer<typeof BotPanelAnswerSchema>["panel"];

/** What the bot asks of the server. The HTTP client implements it; handler tests may fake it. */
export interface ServerApi {
  claim(owner: string, limit: number, leaseMs: number): Promise<BotOutboxItem[]>;
  /** `parked`: why Discord will never take the item (it is acknowledged undelivered). */
  ack(owner: string, id: string, parked?: string): Promise<boolean>;
  setPanelMessage(panelId: string, message: PanelMessageRef): Promise<void>;
  vote(panelId: string, discordId: string, optionId: string): Promise<BotVoteAnswer>;
  createPanel(body: PanelCreateBody): Promise<Panel>;
  updatePanel(panelId: string, patch: PanelUpdateBody): Promise<Panel>;
  status(discordId: string): Promise<BotStatusAnswer>;
  setSummaries(discordId: string, enabled: boolean, language?: "en" | "fr"): Promise<void>;
  /** an entitlement event for the user: the server asks Discord again and answers its word */
  refreshSubscription(discordId: string): Promise<SubscriptionStatus>;
}

/** The server's service API (/api/bot) over HTTP with the shared BOT_API_TOKEN; every answer is parsed. */
export function httpServerApi(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch): ServerApi {
  async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown) {
    const res = await fetchImpl(`${baseUrl}/api/bot${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as {
      error?: unknown;
      message?: unknown;
      code?: unknown;
    };
    if (!res.ok) {
      const message = String(json.error ?? json.message ?? res.statusText);
      const code = typeof json.code === "string" ? json.code : undefined;
      if (res.status < 500) throw new ServerRefusal(res.status, message, code);
      throw new Error(`server answered ${res.status}: ${message}`);
    }
    return schema.parse(json) as z.output<S>;
  }
  const id = encodeURIComponent;
  return {
    claim: async (owner, limit, leaseMs) =>
      (await call(BotClaimAnswerSchema, "POST", "/outbox/claim", { owner, limit, leaseMs })).items,
    ack: async (owner, itemId, parked) =>
      (await call(BotAckAnswerSchema, "POST", "/outbox/ack", { owner, id: itemId, parked })).ok,
    setPanelMessage: async (panelId, message) => {
      await call(BotAckAnswerSchema, "PUT", `/panels/${id(panelId)}/message`, { message });
    },
    vote: (panelId, discordId, optionId) =>
      call(BotVoteAnswerSchema, "POST", `/panels/${id(panelId)}/votes`, { discordId, optionId }),
    createPanel: async (body) => (await call(BotPanelAnswerSchema, "POST", "/panels", body)).panel,
    updatePanel: async (panelId, patch) =>
      (await call(BotPanelAnswerSchema, "PATCH", `/panels/${id(panelId)}`, patch)).panel,
    status: (discordId) => call(BotStatusAnswerSchema, "GET", `/players/${id(discordId)}/status`),
    setSummaries: async (discordId, enabled, language) => {
      await call(BotSummariesAnswerSchema, "PUT", `/players/${id(discordId)}/summaries`, {
        enabled,
        language,
      });
    },
    refreshSubscription: (discordId) =>
      call(SubscriptionStatusSchema, "POST", `/players/${id(discordId)}/subscription`, {}),
  };
}
