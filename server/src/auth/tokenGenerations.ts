import type { Store } from "../store/Store.ts";

const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;

/**
 * Each player's bearer-token generation (Store.tokenGeneration): a session token carries the generation
 * it was issued in and is refused once the player's generation moved on (sign-out, linking). Answers
 * are remembered briefly: a bump counts at once on this node, and on the others as soon as they learn it
 * (onBump; with several nodes the app tells them through Redis), else within 30 s.
 */
export class TokenGenerations {
  private readonly cache = new Map<string, { generation: number; until: number }>();
  private readonly bumped = new Set<(discordId: string, generation: number) => void>();

  constructor(private readonly store: Pick<Store, "tokenGeneration" | "bumpTokenGeneration">) {}

  async current(discordId: string): Promise<number> {
    return (
      this.remembered(discordId) ?? this.remember(discordId, await this.store.tokenGeneration(discordId))
    );
  }

  /** The generation as remembered, without asking the store: undefined when not known lately. */
  remembered(discordId: string): number | undefined {
    const hit = this.cache.get(discordId);
    return hit && hit.until > Date.now() ? hit.generation : undefined;
  }

  /** Revokes every bearer token issued to the player so far. */
  async bump(discordId: string): Promise<number> {
    const generation = this.remember(discordId, await this.store.bumpTokenGeneration(discordId));
    for (const listener of this.bumped) listener(discordId, generation);
    return generation;
  }

  /** Calls `listener` after each bump made here. */
  onBump(listener: (discordId: string, generation: number) => void): void {
    this.bumped.add(listener);
  }

  /** A generation another node moved the player to: remembered at once, never going back. */
  learn(discordId: string, generation: number): void {
    if (generation >= (this.remembered(discordId) ?? 0)) this.remember(discordId, generation);
  }

  private remember(discordId: string, generation: number): number {
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(discordId, { generation, until: Date.now() + CACHE_MS });
    return generation;
  }
}
