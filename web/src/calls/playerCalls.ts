import { GetUserAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";

/** The start's reads: the player's whole view and the server's clock. */

/** GET /api/user/get-user */
export const getUser = () =>
  http.get("/api/user/get-user", { schema: GetUserAnswerSchema, cache: "no-store" });

/** GET /api/server-time (its answer read leniently by the clock's store) */
export const getServerTime = () => http.get("/api/server-time", { cache: "no-store" });
