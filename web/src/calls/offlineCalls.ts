import { OfflineSummarySchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";

/** GET /api/user/sync-offline with credentials, no cache and keepalive (spec shell §7). */
export const syncOffline = () =>
  http.get("/api/user/sync-offline", { schema: OfflineSummarySchema, cache: "no-store", keepalive: true });
