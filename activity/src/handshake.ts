import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import type { TokenAnswer, TokenRequest } from "@pickle-garden/shared";
import { ApiError } from "@pickle-garden/web";

/**
 * The activity's sign-in (DESIGN §6, STACK.md "Discord Activity facts"): ready() (with a timeout: it
 * hangs outside Discord and after a hot reload), authorize() for a code, POST /api/token { code,
 * instanceId } for our session, then authenticate() with Discord's access token. Every failure is a
 * HandshakeError naming what went wrong, so the failure screen can say it and offer a retry.
 */

/**
 * What the activity uses, nothing more: `identify` for the player (the server's token exchange reads
 * /users/@me), `rpc.activities.write` for setActivity (rich presence). The invite dialog, participants,
 * layout, orientation, SKUs, purchases and external links need no scope.
 */
export const SCOPES = ["identify", "rpc.activities.write"] as const;
export const READY_TIMEOUT_MS = 15_000;

export type HandshakeStep = "connecting" | "authorizing" | "signingIn";

export type HandshakeFailure =
  | "serverUnreachable"
  | "notConfigured"
  | "readyTimeout"
  | "authorizeRefused"
  | "tokenRejected"
  | "notInInstance"
  | "discordUnavailable"
  | "serverError"
  | "authenticateFailed";

export class HandshakeError extends Error {
  constructor(
    readonly reason: HandshakeFailure,
    message: string,
  ) {
    super(message);
    this.name = "HandshakeError";
  }
}

export type HandshakeSdk = Pick<IDiscordSDK, "clientId" | "instanceId" | "ready" | "commands">;

export interface HandshakeDeps {
  sdk: HandshakeSdk;
  /** POST /api/token; fails with the web client's ApiError */
  exchange(body: TokenRequest): Promise<TokenAnswer>;
  readyTimeoutMs?: number;
  onStep?(step: HandshakeStep): void;
}

export interface ActivitySession extends TokenAnswer {
  instanceId: string;
}

export async function handshake({
  sdk,
  exchange,
  readyTimeoutMs = READY_TIMEOUT_MS,
  onStep,
}: HandshakeDeps): Promise<ActivitySession> {
  onStep?.("connecting");
  await withTimeout(sdk.ready(), readyTimeoutMs);

  onStep?.("authorizing");
  let code: string;
  try {
    ({ code } = await sdk.commands.authorize({
      client_id: sdk.clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: [...SCOPES],
    }));
  } catch (error) {
    throw new HandshakeError("authorizeRefused", messageOf(error));
  }

  onStep?.("signingIn");
  let answer: TokenAnswer;
  try {
    answer = await exchange({ code, instanceId: sdk.instanceId });
  } catch (error) {
    throw exchangeFailure(error);
  }

  try {
    await sdk.commands.authenticate({ access_token: answer.access_token });
  } catch (error) {
    throw new HandshakeError("authenticateFailed", messageOf(error));
  }
  return { ...answer, instanceId: sdk.instanceId };
}

function exchangeFailure(error: unknown): HandshakeError {
  if (!(error instanceof ApiError)) return new HandshakeError("serverError", messageOf(error));
  const code = (error.body as { error?: unknown } | null)?.error;
  if (error.status === 0) return new HandshakeError("serverUnreachable", error.message);
  if (error.status === 401) return new HandshakeError("tokenRejected", error.message);
  if (error.status === 403) return new HandshakeError("notInInstance", error.message);
  if (code === "DiscordNotConfigured") return new HandshakeError("notConfigured", error.message);
  if (error.status === 503) return new HandshakeError("discordUnavailable", error.message);
  return new HandshakeError("serverError", error.message);
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new HandshakeError("readyTimeout", `Discord did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : String(error);
}
