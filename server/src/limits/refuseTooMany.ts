import type { Response } from "express";
import type { LimitCount } from "./Limiter.ts";

/** 429 with the JSON body given and `Retry-After` (whole seconds until the limit's window ends). */
export function refuseTooMany(res: Response, count: LimitCount, body: Record<string, unknown>): void {
  const seconds = Math.max(1, Math.ceil((count.resetAt - Date.now()) / 1000));
  res.status(429).set("retry-after", String(seconds)).json(body);
}
