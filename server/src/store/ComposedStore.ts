import type { RoomState } from "@pickle-garden/shared";
import type {
  ChatMessage,
  ChatStore,
  NotifyPrefs,
  NotifyPrefsStore,
  OutboxEntry,
  OutboxItem,
  OutboxStore,
  Panel,
  PanelMessage,
  PanelStore,
  PlayerStore,
  RoomStore,
  Store,
  StoredPlayer,
  TokenGenerationStore,
  Versioned,
  VoteCountsByAccount,
  WeeklyGoalStore,
  WeeklyTotals,
} from "./Store.ts";

/** One adapter's module per collection. */
export interface StoreParts {
  players: PlayerStore;
  panels: PanelStore;
  chat: ChatStore;
  outbox: OutboxStore;
  notifyPrefs: NotifyPrefsStore;
  tokens: TokenGenerationStore;
  weekly: WeeklyGoalStore;
  rooms: RoomStore;
}

/** The whole port over an adapter's collection modules: each call goes to the module that owns it. */
export abstract class ComposedStore implements Store {
  protected constructor(protected readonly parts: StoreParts) {}

  abstract close(): Promise<void>;

  loadPlayer(discordId: string): Promise<Versioned<StoredPlayer> | null> {
    return this.parts.players.loadPlayer(discordId);
  }
  createPlayer(doc: StoredPlayer): Promise<number> {
    return this.parts.players.createPlayer(doc);
  }
  savePlayer(doc: StoredPlayer, expectedVersion: number, fence: number): Promise<number> {
    return this.parts.players.savePlayer(doc, expectedVersion, fence);
  }
  archivePlayer(discordId: string, archivedAs: string): Promise<void> {
    return this.parts.players.archivePlayer(discordId, archivedAs);
  }

  listActivePanels(): Promise<Panel[]> {
    return this.parts.panels.listActivePanels();
  }
  getPanel(id: string): Promise<Panel | null> {
    return this.parts.panels.getPanel(id);
  }
  savePanel(panel: Panel): Promise<void> {
    return this.parts.panels.savePanel(panel);
  }
  recordVote(panelId: string, discordId: string, optionId: string): Promise<boolean> {
    return this.parts.panels.recordVote(panelId, discordId, optionId);
  }
  voteCounts(panelId: string): Promise<Record<string, number>> {
    return this.parts.panels.voteCounts(panelId);
  }
  voteCountsByAccount(panelId: string): Promise<VoteCountsByAccount> {
    return this.parts.panels.voteCountsByAccount(panelId);
  }
  voteOf(panelId: string, discordId: string): Promise<string | null> {
    return this.parts.panels.voteOf(panelId, discordId);
  }
  getPanelMessage(panelId: string): Promise<PanelMessage | null> {
    return this.parts.panels.getPanelMessage(panelId);
  }
  setPanelMessage(panelId: string, message: PanelMessage): Promise<void> {
    return this.parts.panels.setPanelMessage(panelId, message);
  }
  dismissPanel(panelId: string, discordId: string, version: number): Promise<void> {
    return this.parts.panels.dismissPanel(panelId, discordId, version);
  }
  closedPanels(discordId: string): Promise<Record<string, number>> {
    return this.parts.panels.closedPanels(discordId);
  }

  appendChat(channel: string, message: ChatMessage, keep: number): Promise<void> {
    return this.parts.chat.appendChat(channel, message, keep);
  }
  recentChat(channel: string, limit: number): Promise<ChatMessage[]> {
    return this.parts.chat.recentChat(channel, limit);
  }

  enqueueOutbox(entry: OutboxEntry, now: number): Promise<void> {
    return this.parts.outbox.enqueueOutbox(entry, now);
  }
  claimOutbox(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxItem[]> {
    return this.parts.outbox.claimOutbox(owner, now, leaseMs, limit);
  }
  ackOutbox(id: string, owner: string, newId: string): Promise<boolean> {
    return this.parts.outbox.ackOutbox(id, owner, newId);
  }

  getNotifyPrefs(discordId: string): Promise<NotifyPrefs> {
    return this.parts.notifyPrefs.getNotifyPrefs(discordId);
  }
  setNotifyPrefs(discordId: string, prefs: NotifyPrefs): Promise<void> {
    return this.parts.notifyPrefs.setNotifyPrefs(discordId, prefs);
  }

  tokenGeneration(discordId: string): Promise<number> {
    return this.parts.tokens.tokenGeneration(discordId);
  }
  bumpTokenGeneration(discordId: string): Promise<number> {
    return this.parts.tokens.bumpTokenGeneration(discordId);
  }

  addWeeklyContributions(week: number, amounts: Readonly<Record<string, number>>): Promise<void> {
    return this.parts.weekly.addWeeklyContributions(week, amounts);
  }
  weeklyTotals(week: number): Promise<WeeklyTotals> {
    return this.parts.weekly.weeklyTotals(week);
  }
  weeklyShare(week: number, discordId: string): Promise<number> {
    return this.parts.weekly.weeklyShare(week, discordId);
  }

  loadRoom(roomId: string): Promise<{ state: RoomState; fence: number } | null> {
    return this.parts.rooms.loadRoom(roomId);
  }
  saveRoom(state: RoomState, fence: number): Promise<void> {
    return this.parts.rooms.saveRoom(state, fence);
  }
  deleteRoom(roomId: string, fence: number): Promise<void> {
    return this.parts.rooms.deleteRoom(roomId, fence);
  }
}
