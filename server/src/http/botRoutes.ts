import { timingSafeEqual } from "node:crypto";
import {
  BotAckBodySchema,
  BotClaimBodySchema,
  BotPanelCreateBodySchema,
  BotPanelMessageBodySchema,
  BotPanelUpdateBodySchema,
  BotSummariesBodySchema,
  BotVoteBodySchema,
  ERROR_CODES,
  PanelIdSchema,
  SnowflakeSchema,
} from "@pickle-garden/shared";
import { type Request, type RequestHandler, Router } from "express";
import {
  ackDelivery,
  botCreatePanel,
  botUpdatePanel,
  botVote,
  claimDeliveries,
  recordPanelMessage,
  setSummaries,
} from "../game/botCalls.ts";
import type { GameService } from "../game/GameService.ts";
import { addressKey } from "../limits/addressKey.ts";
import type { Limiters } from "../limits/Limiter.ts";
import { refuseTooMany } from "../limits/refuseTooMany.ts";
import type { Logger } from "../log.ts";
import { handle, type IntentRoute } from "./handle.ts";
import { TOO_MANY_WRITES } from "./writeLimit.ts";

/** chosen: the bot never sends a wrong token; a person fixing a typo needs a few tries, a guesser millions */
const TOKEN_GUESSES = { limit: 20, windowMs: 10 * 60_000 };

/**
 * The bot's service API under /api/bot (DESIGN §10), on only when BOT_API_TOKEN is set. The bot proves
 * itself with `Authorization: Bearer <BOT_API_TOKEN>`; it acts for Discord users it has already checked
 * (Manage Server or ADMIN_DISCORD_IDS for /panel). Thin: parse, one call, answer.
 */
export function botRoutes(
  service: GameService,
  /** a player's intents (game/intents.ts): the calls about one player run where that player is owned */
  intent: IntentRoute,
  token: string,
  limits: { windowMs: number; writes: number },
  limiters: Limiters,
  log: Logger,
): Router {
  const r = Router();
  const expected = Buffer.from(`Bearer ${token}`);
  const rightToken = (req: Request) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // wrong tokens per client address, counted apart (in Redis when set: across nodes): guessing is
  // slow, the bot itself never waits
  const guesses = limiters("bot-token", TOKEN_GUESSES.windowMs);
  const tooManyGuesses = {
    error: `Too many wrong bot tokens from this address (${TOKEN_GUESSES.limit} in ${TOKEN_GUESSES.windowMs / 60_000} minutes): wait and check BOT_API_TOKEN.`,
    code: ERROR_CODES.rateLimited,
  };
  const authenticate: RequestHandler = (req, res, next) => {
    if (rightToken(req)) {
      // handle() serves a caller; here the caller is the bot itself
      res.locals.discordId = "bot";
      next();
      return;
    }
    guesses
      .hit(addressKey(req.ip))
      .catch((err: unknown) => {
        log.warn({ err }, "wrong bot tokens could not be counted");
        return null;
      })
      .then((count) => {
        if (count && count.count > TOKEN_GUESSES.limit) refuseTooMany(res, count, tooManyGuesses);
        else
          res
            .status(401)
            .json({ error: "The bot's token is missing or wrong.", code: ERROR_CODES.unauthenticated });
      });
  };
  r.use(authenticate);
  if (limits.writes > 0) {
    // the bot speaks for every Discord user at once: its own, wider budget instead of a player's
    const botWrites = limiters("bot-writes", limits.windowMs);
    r.use((req, res, next) => {
      if (req.method === "GET") return next();
      botWrites.hit("bot").then(
        (count) => (count.count > limits.writes * 10 ? refuseTooMany(res, count, TOO_MANY_WRITES) : next()),
        (err: unknown) => {
          log.warn({ err }, "the bot's write limit could not be counted: the write passes");
          next();
        },
      );
    });
  }
  const panelId = (raw: unknown) => PanelIdSchema.parse(raw);
  const user = (raw: unknown) => SnowflakeSchema.parse(raw);
  const named = (req: Request) => user(req.params.discordId);

  r.post(
    "/outbox/claim",
    handle(BotClaimBodySchema, (b) => claimDeliveries(service, b)),
  );
  r.post(
    "/outbox/ack",
    handle(BotAckBodySchema, (b) => ackDelivery(service, b)),
  );

  r.put(
    "/panels/:id/message",
    handle(BotPanelMessageBodySchema, (b, c) =>
      recordPanelMessage(service, panelId(c.req.params.id), b.message),
    ),
  );
  r.post(
    "/panels/:id/votes",
    handle(BotVoteBodySchema, (b, c) => botVote(service, b.discordId, panelId(c.req.params.id), b.optionId)),
  );
  r.post(
    "/panels",
    handle(BotPanelCreateBodySchema, (b) => botCreatePanel(service, b)),
  );
  r.patch(
    "/panels/:id",
    handle(BotPanelUpdateBodySchema, (b, c) => botUpdatePanel(service, panelId(c.req.params.id), b)),
  );

  r.get("/players/:discordId/status", intent("botStatus", named));
  r.put(
    "/players/:discordId/summaries",
    handle(BotSummariesBodySchema, (b, c) =>
      setSummaries(service, user(c.req.params.discordId), { summaries: b.enabled, language: b.language }),
    ),
  );
  r.post("/players/:discordId/subscription", intent("botSubscription", named));
  r.use((_req, res) => {
    res.status(404).json({ error: "No such bot route.", code: ERROR_CODES.invalidRequest });
  });
  return r;
}
