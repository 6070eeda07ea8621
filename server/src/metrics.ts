import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics, served at GET /metrics. The objects are module singletons: import and update
 * them where the thing happens (the game service increments gameEvents and offlineSyncs, sets
 * liveSessions; the socket layer keeps connectedPlayers; the store wrapper times writes).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "pickle_garden_" });

/** distinct players with at least one open socket */
export const connectedPlayers = new Gauge({
  name: "pickle_garden_connected_players",
  help: "Players with at least one open socket",
  registers: [registry],
});

/** players whose simulation is live in memory on this node */
export const liveSessions = new Gauge({
  name: "pickle_garden_live_sessions",
  help: "Player simulations held live in memory",
  registers: [registry],
});

/** game events pushed since the last scrape, by type: counted here, added to the counter when it is read */
const pendingGameEvents = new Map<string, number>();

/** game events pushed to players; events per second is rate(pickle_garden_game_events_total[1m]) */
export const gameEvents = new Counter({
  name: "pickle_garden_game_events_total",
  help: "Game events produced by the simulation and pushed to players",
  labelNames: ["type"] as const,
  registers: [registry],
  collect() {
    for (const [type, n] of pendingGameEvents) this.inc({ type }, n);
    pendingGameEvents.clear();
  },
});

/**
 * Counts `n` game events of this type pushed to players: thousands a second under load, so a number in a
 * map rather than the counter's own label hashing at each one.
 */
export function countGameEvents(type: string, n = 1): void {
  pendingGameEvents.set(type, (pendingGameEvents.get(type) ?? 0) + n);
}

export const storeWriteSeconds = new Histogram({
  name: "pickle_garden_store_write_seconds",
  help: "Latency of store writes",
  labelNames: ["op"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

export const offlineSyncs = new Counter({
  name: "pickle_garden_offline_syncs_total",
  help: "Offline summaries computed (GET /api/user/sync-offline)",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** several nodes (docs/scale-out.md): leases this node holds */
export const ownedLeases = new Gauge({
  name: "pickle_garden_owned",
  help: "Players and rooms whose lease this node holds",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const forwardedIntents = new Counter({
  name: "pickle_garden_forwarded_intents_total",
  help: "Intents sent on to the node that owns their player or room",
  labelNames: ["transport"] as const,
  registers: [registry],
});

export const leaseTakeovers = new Counter({
  name: "pickle_garden_lease_takeovers_total",
  help: "Players taken whose document an earlier lease wrote; rooms reopened for a member taken over",
  labelNames: ["kind"] as const,
  registers: [registry],
});
