import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Discord's API (DISCORD_API_BASE = stub.base): the consent page (GET
 * /oauth2/authorize, for a browser's round trip), the OAuth token exchange, /users/@me and the activity
 * instance read (GET /applications/{app}/activity-instances/{instance}, with the bot's token), the
 * entitlements list (GET /applications/{app}/entitlements, bot token, filtered by user_id, sku_ids,
 * exclude_deleted and exclude_ended as Discord does), with 429s and outages on demand. Accepts client credentials in the form (the activity's exchange)
 * or as HTTP Basic (Auth.js's Discord provider). An access token carries the scopes its code was
 * granted, and each user endpoint checks its own (see `scopes`).
 */

export interface StubUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

/** Discord's entitlement object (the fields we read and a few we do not). */
export interface StubEntitlement {
  id: string;
  sku_id: string;
  application_id: string;
  user_id: string;
  /** 8 application subscription, 4 test mode purchase */
  type: number;
  deleted: boolean;
  starts_at: string | null;
  ends_at: string | null;
  consumed: boolean;
}

export interface StubCall {
  method: string;
  path: string;
  body: string;
  authorization?: string;
}

export interface DiscordStub {
  base: string;
  calls: StubCall[];
  /** code → user; each code exchanges for the access token `access-<code>` */
  codes: Map<string, StubUser>;
  /**
   * code → the OAuth scopes the user granted with it (default `identify`; the consent page's code gets
   * the scopes its authorize URL asked for). Each user endpoint refuses a token without its scope:
   * `/users/@me` needs `identify`, `/users/@me/guilds` `guilds`, `/users/@me/guilds/{id}/member`
   * `guilds.members.read` (403, code 50001 Missing Access).
   */
  scopes: Map<string, string[]>;
  /** activity instance id → the ids of the users in it (unknown instances answer 404) */
  instances: Map<string, string[]>;
  /** a user who has just launched: the instance's next read leaves them out, the reads after list them */
  joinLate(instanceId: string, userId: string): void;
  /** every entitlement of the application; the list endpoint filters them */
  entitlements: StubEntitlement[];
  /** the bot token the activity-instance and entitlements endpoints accept */
  botToken: string;
  /** the code the consent page answers with, as if the user had accepted (until then it refuses) */
  consent(code: string): void;
  /** the next N requests to `path` (default the token endpoint) answer 429 with retry_after */
  rateLimit(times: number, retryAfterSeconds?: number, path?: string): void;
  /** while on, every endpoint answers 502 (Discord down) */
  outage(on: boolean): void;
  close(): Promise<void>;
}

/** The user endpoints the stub knows, with the OAuth scope each needs (Discord's OAuth2 scopes table). */
const USER_ENDPOINT_SCOPES: [RegExp, string][] = [
  [/^\/api\/users\/@me$/, "identify"],
  [/^\/api\/users\/@me\/guilds$/, "guilds"],
  [/^\/api\/users\/@me\/guilds\/\d+\/member$/, "guilds.members.read"],
];

export async function startDiscordStub(
  clientId: string,
  clientSecret: string,
  botToken = "bot-token-1",
): Promise<DiscordStub> {
  const calls: StubCall[] = [];
  const codes = new Map<string, StubUser>();
  const scopes = new Map<string, string[]>();
  const instances = new Map<string, string[]>();
  const late = new Map<string, string[]>();
  const entitlements: StubEntitlement[] = [];
  let down = false;
  let limited = 0;
  let limitedPath = "/api/oauth2/token";
  let retryAfter = 0.05;
  let consentCode: string | null = null;

  const granted = (code: string) => scopes.get(code) ?? ["identify"];
  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    calls.push({
      method: req.method ?? "",
      path: req.url ?? "",
      body,
      authorization: req.headers.authorization,
    });
    const url = new URL(req.url ?? "/", "http://stub");
    if (down) return send(res, 502, { message: "502: Bad Gateway" });
    if (limited > 0 && url.pathname === limitedPath) {
      limited--;
      return send(res, 429, {
        message: "You are being rate limited.",
        retry_after: retryAfter,
        global: false,
      });
    }
    const instance = /^\/api\/applications\/([^/]+)\/activity-instances\/([^/]+)$/.exec(url.pathname);
    if (instance && req.method === "GET") {
      if (req.headers.authorization !== `Bot ${botToken}`) {
        return send(res, 401, { message: "401: Unauthorized", code: 0 });
      }
      const [, app = "", id = ""] = instance;
      const instanceId = decodeURIComponent(id);
      const users = app === clientId ? instances.get(instanceId) : undefined;
      const joining = late.get(instanceId);
      if (joining) {
        late.delete(instanceId);
        instances.set(instanceId, [...(users ?? []), ...joining]);
      }
      if (!users) return send(res, 404, { message: "Unknown Activity Instance", code: 10_100 });
      return send(res, 200, {
        application_id: clientId,
        instance_id: instanceId,
        launch_id: "1",
        location: { id: "gc-1-2", kind: "gc", channel_id: "2", guild_id: "1" },
        users,
      });
    }
    const listed = /^\/api\/applications\/([^/]+)\/entitlements$/.exec(url.pathname);
    if (listed && req.method === "GET") {
      if (req.headers.authorization !== `Bot ${botToken}`) {
        return send(res, 401, { message: "401: Unauthorized", code: 0 });
      }
      const user = url.searchParams.get("user_id");
      const skus = url.searchParams.get("sku_ids")?.split(",");
      const withDeleted = url.searchParams.get("exclude_deleted") === "false";
      // Discord lists ended entitlements unless asked not to
      const withEnded = url.searchParams.get("exclude_ended") !== "true";
      const now = Date.now();
      return send(
        res,
        200,
        entitlements.filter(
          (e) =>
            e.application_id === decodeURIComponent(listed[1] ?? "") &&
            (!user || e.user_id === user) &&
            (!skus || skus.includes(e.sku_id)) &&
            (withDeleted || !e.deleted) &&
            (withEnded || e.ends_at === null || Date.parse(e.ends_at) > now),
        ),
      );
    }
    if (url.pathname === "/api/oauth2/authorize" && req.method === "GET") {
      const redirect = url.searchParams.get("redirect_uri");
      if (!redirect) return send(res, 400, { error: "invalid_request" });
      const back = new URL(redirect);
      if (consentCode) {
        back.searchParams.set("code", consentCode);
        scopes.set(consentCode, (url.searchParams.get("scope") ?? "").split(/[ +]/).filter(Boolean));
      } else back.searchParams.set("error", "access_denied");
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === "/api/oauth2/token" && req.method === "POST") {
      const form = new URLSearchParams(body);
      let id = form.get("client_id");
      let secret = form.get("client_secret");
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      if (basic?.[1]) {
        const [u = "", p = ""] = Buffer.from(basic[1], "base64").toString().split(":");
        id = decodeURIComponent(u);
        secret = decodeURIComponent(p);
      }
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: "invalid_client" });
      const code = form.get("code") ?? "";
      if (form.get("grant_type") !== "authorization_code" || !codes.has(code)) {
        return send(res, 400, { error: "invalid_grant", error_description: 'Invalid "code" in request.' });
      }
      return send(res, 200, {
        access_token: `access-${code}`,
        token_type: "Bearer",
        expires_in: 604800,
        refresh_token: "refresh",
        scope: granted(code).join(" "),
      });
    }
    const needs = USER_ENDPOINT_SCOPES.find(([pattern]) => pattern.test(url.pathname));
    if (needs && req.method === "GET") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const code = token.startsWith("access-") ? token.slice("access-".length) : "";
      const user = codes.get(code);
      if (!user) return send(res, 401, { message: "401: Unauthorized", code: 0 });
      if (!granted(code).includes(needs[1]))
        return send(res, 403, { message: "Missing Access", code: 50_001 });
      if (needs[1] === "identify") return send(res, 200, user);
      if (needs[1] === "guilds") return send(res, 200, []);
      return send(res, 404, { message: "Unknown Guild", code: 10_004 });
    }
    send(res, 404, { message: "404: Not Found" });
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api`,
    calls,
    codes,
    scopes,
    instances,
    entitlements,
    botToken,
    joinLate(instanceId, userId) {
      late.set(instanceId, [...(late.get(instanceId) ?? []), userId]);
    },
    outage(on) {
      down = on;
    },
    consent(code) {
      consentCode = code;
    },
    rateLimit(times, seconds = 0.05, path = "/api/oauth2/token") {
      limited = times;
      retryAfter = seconds;
      limitedPath = path;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let nextEntitlementId = 1;

/** A subscription entitlement (type 8, not deleted) with the given fields; ids count up. */
export function stubEntitlement(
  fields: Pick<StubEntitlement, "application_id" | "sku_id" | "user_id"> & Partial<StubEntitlement>,
): StubEntitlement {
  return {
    id: String(1_300_000_000_000_000_000n + BigInt(nextEntitlementId++)),
    type: 8,
    deleted: false,
    starts_at: null,
    ends_at: null,
    consumed: false,
    ...fields,
  };
}
