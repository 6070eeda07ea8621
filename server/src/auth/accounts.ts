import {
  GUEST_USERNAME,
  type LinkDone,
  type LinkKeep,
  type LinkOption,
  type LinkResult,
  newPlayer,
  normalizeText,
  totalLevel,
  USERNAME_MAX,
} from "@pickle-garden/shared";
import type { Clock } from "../clock.ts";
import type { Logger } from "../log.ts";
import {
  DuplicatePlayerError,
  type Store,
  type StoredPlayer,
  VersionConflictError,
  type Versioned,
} from "../store/Store.ts";
import { TokenGenerations } from "./tokenGenerations.ts";
import { isGuestId } from "./tokens.ts";

/**
 * Accounts: who a signed-in person is in the game. Creates players on first sign-in, renames them,
 * and links a guest's progress to a Discord id (DESIGN §6: keep progress; on conflict the player
 * chooses; the other is archived, never deleted).
 *
 * Before it moves or archives a player it asks the live sessions to flush and forget their copy
 * (GameService.evict), so the live copy never writes over the move.
 */

export interface LiveSessions {
  /** Closes every socket of this player, on every node. */
  disconnect?(discordId: string): void;
  /** Flushes the live copy of this player (if any) to the store and drops it from memory. */
  evict(discordId: string): Promise<void>;
  /** Renames through the live copy (the game service's own intent), when there is one. */
  setUsername?(discordId: string, username: string): Promise<void>;
}

export interface Profile {
  discordId: string;
  username: string;
  avatar?: string | null;
}

export class AccountError extends Error {
  constructor(
    readonly code: "account/username_invalid" | "account/not_a_guest" | "account/not_found",
    message: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

/** A name as others will see it (protocol/text's normalisation, 32 graphemes); empty → null. */
export function cleanUsername(raw: unknown): string | null {
  return typeof raw === "string" ? normalizeText(raw, USERNAME_MAX) || null : null;
}

export class Accounts {
  private sessions: LiveSessions = { evict: async () => {} };
  readonly tokens: TokenGenerations;

  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      log: Logger;
    },
  ) {
    this.tokens = new TokenGenerations(deps.store);
  }

  /** The game service is created after accounts; it registers itself here. */
  useLiveSessions(sessions: LiveSessions): void {
    this.sessions = sessions;
  }

  /** Loads the player, creating it on first sign-in. Never overwrites an existing player. */
  async ensurePlayer(profile: Profile): Promise<Versioned<StoredPlayer>> {
    const { store, clock } = this.deps;
    const existing = await store.loadPlayer(profile.discordId);
    if (existing) return existing;
    const username = cleanUsername(profile.username) ?? GUEST_USERNAME;
    const player = newPlayer({
      discordId: profile.discordId,
      username,
      avatar: profile.avatar ?? null,
      now: clock.now(),
    });
    const doc: StoredPlayer = {
      player,
      meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
    };
    try {
      const version = await store.createPlayer(doc);
      this.deps.log.info(
        { discordId: profile.discordId, guest: isGuestId(profile.discordId) },
        "player created",
      );
      return { doc, version, fence: 0 };
    } catch (error) {
      if (!(error instanceof DuplicatePlayerError)) throw error;
      const raced = await store.loadPlayer(profile.discordId); // two sign-ins at once: the other won
      if (!raced) throw error;
      return raced;
    }
  }

  /**
   * Renames a player (spec §5: trimmed; a guest's empty name becomes 'Guest Sprout'): through the live
   * sessions' own rename when they offer one, else by flushing the live copy and writing the store.
   */
  async setUsername(discordId: string, raw: unknown): Promise<string> {
    const cleaned = cleanUsername(raw);
    const username = cleaned ?? (isGuestId(discordId) ? GUEST_USERNAME : null);
    if (!username) throw new AccountError("account/username_invalid", "Username cannot be empty.");
    if (this.sessions.setUsername) {
      await this.sessions.setUsername(discordId, username);
      return username;
    }
    await this.sessions.evict(discordId);
    await this.update(discordId, (doc) => ({ ...doc, player: { ...doc.player, username } }));
    return username;
  }

  /**
   * Signing out ends every session of the player: the token generation moves on (its cookies and
   * bearer tokens are refused from now), then its sockets are closed, on every node. Answers the new
   * generation.
   */
  async signOut(discordId: string): Promise<number> {
    const generation = await this.tokens.bump(discordId);
    this.sessions.disconnect?.(discordId);
    return generation;
  }

  /** Linking moves progress between ids: both lose their sockets and their bearer tokens first. */
  private async signOutEverywhere(...ids: string[]): Promise<void> {
    for (const id of ids) {
      await this.sessions.evict(id);
      await this.tokens.bump(id);
    }
  }

  /**
   * Links a guest to a Discord id. The guest's progress moves to the Discord id when that id has no
   * player; when both have progress the answer is a choice (resolveLink finishes it).
   */
  async linkGuest(guestId: string, discord: Profile): Promise<LinkResult> {
    if (!isGuestId(guestId)) throw new AccountError("account/not_a_guest", "Only a guest can be linked.");
    const { store } = this.deps;
    await this.signOutEverywhere(guestId, discord.discordId);
    const [guest, existing] = await Promise.all([
      store.loadPlayer(guestId),
      store.loadPlayer(discord.discordId),
    ]);
    if (!guest) {
      await this.ensurePlayer(discord);
      return { linked: true, discordId: discord.discordId, moved: false };
    }
    if (existing) return { conflict: true, options: this.options(guest.doc, existing.doc) };
    try {
      await this.move(guest.doc, discord);
    } catch (error) {
      if (!(error instanceof DuplicatePlayerError)) throw error;
      const now = await store.loadPlayer(discord.discordId); // created meanwhile: the player chooses
      if (now) return { conflict: true, options: this.options(guest.doc, now.doc) };
      throw error;
    }
    return { linked: true, discordId: discord.discordId, moved: true };
  }

  /** The pending choice, if both players still exist. */
  async linkOptions(guestId: string, discordId: string): Promise<LinkOption[] | null> {
    const { store } = this.deps;
    const [guest, existing] = await Promise.all([store.loadPlayer(guestId), store.loadPlayer(discordId)]);
    return guest && existing ? this.options(guest.doc, existing.doc) : null;
  }

  /** Finishes a conflicting link: the kept progress ends under the Discord id; the other is archived. */
  async resolveLink(guestId: string, discord: Profile, keep: LinkKeep): Promise<LinkDone> {
    if (!isGuestId(guestId)) throw new AccountError("account/not_a_guest", "Only a guest can be linked.");
    const { store, clock, log } = this.deps;
    await this.signOutEverywhere(guestId, discord.discordId);
    const guest = await store.loadPlayer(guestId);
    const stamp = clock.now();
    if (keep === "discord") {
      if (guest) await store.archivePlayer(guestId, `archived:${guestId}:${stamp}`);
      await this.ensurePlayer(discord);
      log.info({ guestId, discordId: discord.discordId }, "link: kept the Discord progress, guest archived");
      return { linked: true, discordId: discord.discordId, moved: false };
    }
    if (!guest) throw new AccountError("account/not_found", "The guest progress no longer exists.");
    if (await store.loadPlayer(discord.discordId)) {
      await store.archivePlayer(discord.discordId, `archived:${discord.discordId}:${stamp}`);
    }
    await this.move(guest.doc, discord);
    log.info(
      { guestId, discordId: discord.discordId },
      "link: kept the guest progress, Discord player archived",
    );
    return { linked: true, discordId: discord.discordId, moved: true };
  }

  /** Copies the guest under the Discord id, then archives the guest (a crash between leaves two copies). */
  private async move(guest: StoredPlayer, discord: Profile): Promise<void> {
    const { store, clock, log } = this.deps;
    const player = {
      ...guest.player,
      discordId: discord.discordId,
      username:
        guest.player.username === GUEST_USERNAME
          ? (cleanUsername(discord.username) ?? guest.player.username)
          : guest.player.username,
      avatar: discord.avatar ?? guest.player.avatar,
      featureFlags: { ...guest.player.featureFlags, isGuest: false },
    };
    await store.createPlayer({ player, meta: { ...guest.meta, archived: false } });
    await store.archivePlayer(guest.player.discordId, `archived:${guest.player.discordId}:${clock.now()}`);
    log.info({ guestId: guest.player.discordId, discordId: discord.discordId }, "link: guest progress moved");
  }

  private options(guest: StoredPlayer, discord: StoredPlayer): LinkOption[] {
    const summary = (keep: LinkKeep, { player }: StoredPlayer): LinkOption => ({
      keep,
      discordId: player.discordId,
      username: player.username,
      totalLevel: totalLevel(player),
      gold: player.gold,
      rp: player.lab.rp,
      createdAt: player.createdAt,
    });
    return [summary("guest", guest), summary("discord", discord)];
  }

  private async update(discordId: string, change: (doc: StoredPlayer) => StoredPlayer): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.deps.store.loadPlayer(discordId);
      if (!current) throw new AccountError("account/not_found", "No player.");
      try {
        await this.deps.store.savePlayer(change(current.doc), current.version, current.fence);
        return;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new VersionConflictError(`player ${discordId}`);
  }
}
