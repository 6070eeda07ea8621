import type { BotOutboxItem, BotStatusAnswer, BotVoteAnswer, PanelMessageRef } from "@pickle-garden/shared";
import { type ServerApi, ServerRefusal } from "../src/serverApi.ts";

/** An in-memory ServerApi for handler and outbox tests: records every call in order. */
export class FakeServer implements ServerApi {
  readonly calls: { name: string; args: unknown[] }[] = [];
  readonly queue: BotOutboxItem[] = [];
  readonly acked: string[] = [];
  readonly messages = new Map<string, PanelMessageRef>();
  votes = new Map<string, string>();
  status_: BotStatusAnswer = { found: false };
  /** The poll's options as the server knows them: a vote's answer names the option. */
  optionLabels: Record<string, string> = { a: "Beetle", b: "Mosquito" };
  onCall: (name: string) => void = () => undefined;
  /** panels the server does not know: a vote on or an update of one is refused with the server's code */
  readonly unknownPanels = new Set<string>();

  private option(id: string) {
    return { id, label: this.optionLabels[id] ?? id };
  }

  private record(name: string, ...args: unknown[]) {
    this.calls.push({ name, args });
    this.onCall(name);
  }

  private known(panelId: string) {
    if (this.unknownPanels.has(panelId))
      throw new ServerRefusal(404, `Unknown panel: ${panelId}`, "panel/unknown");
  }

  async refreshSubscription(discordId: string) {
    this.record("refreshSubscription", discordId);
    return { enabled: true, active: true };
  }
  async claim(owner: string) {
    this.record("claim", owner);
    return this.queue.splice(0);
  }
  async ack(owner: string, id: string, parked?: string) {
    this.record("ack", owner, id, ...(parked ? [parked] : []));
    this.acked.push(id);
    return true;
  }
  async setPanelMessage(panelId: string, message: PanelMessageRef) {
    this.record("setPanelMessage", panelId, message);
    this.messages.set(panelId, message);
  }
  async vote(panelId: string, discordId: string, optionId: string): Promise<BotVoteAnswer> {
    this.record("vote", panelId, discordId, optionId);
    this.known(panelId);
    const key = `${panelId}/${discordId}`;
    const earlier = this.votes.get(key);
    if (earlier) return { status: "already", option: this.option(earlier) };
    this.votes.set(key, optionId);
    return { status: "recorded", option: this.option(optionId) };
  }
  async createPanel(body: Parameters<ServerApi["createPanel"]>[0]) {
    this.record("createPanel", body);
    return {
      _id: body._id ?? "generated",
      version: 1,
      type: body.type,
      title: body.title,
      body: body.body ?? "",
      dismissible: true,
      options: body.options ?? [],
      active: true,
      createdAt: 0,
    };
  }
  async updatePanel(panelId: string, patch: Parameters<ServerApi["updatePanel"]>[1]) {
    this.record("updatePanel", panelId, patch);
    this.known(panelId);
    return {
      _id: panelId,
      version: 2,
      type: "message" as const,
      title: patch.title ?? "t",
      body: patch.body ?? "",
      dismissible: true,
      options: [],
      active: patch.active ?? true,
      createdAt: 0,
    };
  }
  async status(discordId: string) {
    this.record("status", discordId);
    return this.status_;
  }
  async setSummaries(discordId: string, enabled: boolean, language?: "en" | "fr") {
    this.record("setSummaries", discordId, enabled, language);
  }
}
