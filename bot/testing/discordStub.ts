import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the part of Discord's REST API the bot uses (discord.js pointed at `api`):
 * channel messages (with nonce + enforce_nonce answering the earlier message), edits (refused with 30046
 * for messages marked old), deletes, DM channels (50007 for users who block DMs), interaction callbacks
 * and their follow-up edits, command registration. Every call is recorded in order. A message over
 * Discord's limits (embed lengths, button labels, repeated custom ids) is refused as Discord does:
 * 400, code 50035 Invalid Form Body. The application has Activities enabled, so its global commands
 * hold the Entry Point command Discord creates then (type 4, "launch"); a bulk overwrite that leaves it
 * out is refused as Discord refuses it: 400, code 50240.
 */

export interface StubCall {
  seq: number;
  method: string;
  path: string;
  body: unknown;
}

export interface StubMessage {
  id: string;
  channelId: string;
  body: Record<string, unknown>;
  nonce?: string;
  deleted: boolean;
  edits: number;
}

export interface DiscordRestStub {
  api: string;
  applicationId: string;
  calls: StubCall[];
  messages: Map<string, StubMessage>;
  /** edits of these message ids fail with 30046 */
  oldMessages: Set<string>;
  /** DMs to these user ids fail with 50007 */
  closedDms: Set<string>;
  /** the registered commands per route (`/applications/{id}/commands` or its guild's), as Discord keeps them */
  commands: Map<string, Record<string, unknown>[]>;
  /** while set, every command registration (PUT) answers this Discord error */
  refuseCommands(error: { status: number; code: number; message: string } | null): void;
  /** requests whose path matches are recorded (and a message created) but never answered */
  hang(pattern: RegExp | null): void;
  /** called as each request arrives (tests merge it into their own timeline) */
  onCall: (call: StubCall) => void;
  /** resolves when a call matching the predicate has been recorded */
  waitFor(match: (call: StubCall) => boolean, timeoutMs?: number): Promise<StubCall>;
  channelMessages(channelId: string): StubMessage[];
  close(): Promise<void>;
}

interface StubEmbed {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
}

/** What Discord would refuse in a message body (its documented limits), or null. */
function formBodyProblem(body: Record<string, unknown> | null): string | null {
  const embeds = (body?.embeds ?? []) as StubEmbed[];
  for (const e of embeds) {
    const fields = e.fields ?? [];
    const total =
      (e.title?.length ?? 0) +
      (e.description?.length ?? 0) +
      (e.footer?.text.length ?? 0) +
      fields.reduce((sum, f) => sum + f.name.length + f.value.length, 0);
    if (total > 6000) return `embeds.0: Embed size exceeds maximum size of 6000 (${total})`;
    if ((e.title?.length ?? 0) > 256) return "embeds.0.title: Must be 256 or fewer in length.";
    if ((e.description?.length ?? 0) > 4096) return "embeds.0.description: Must be 4096 or fewer in length.";
    if (fields.length > 25) return "embeds.0.fields: Must be 25 or fewer in length.";
    if (fields.some((f) => f.name.length > 256 || f.value.length > 1024)) return "embeds.0.fields: too long";
  }
  const buttons = (
    (body?.components ?? []) as { components?: { label?: string; custom_id?: string }[] }[]
  ).flatMap((row) => row.components ?? []);
  if (buttons.some((b) => (b.label?.length ?? 0) > 80))
    return "components: label must be 80 or fewer in length.";
  const ids = buttons.flatMap((b) => (b.custom_id ? [b.custom_id] : []));
  if (new Set(ids).size !== ids.length) return "components: Component custom id cannot be duplicated";
  return null;
}

/** Discord's answer to a bulk overwrite that leaves the Entry Point command out. */
export const ENTRY_POINT_REMOVED = {
  status: 400,
  code: 50240,
  message:
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
} as const;

/** The Entry Point command Discord creates when Activities are enabled (handler 2: Discord launches the Activity). */
const entryPoint = (applicationId: string) => ({
  id: "123400000000000900",
  application_id: applicationId,
  version: "123400000000000901",
  type: 4,
  name: "launch",
  description: "",
  handler: 2,
  integration_types: [0, 1],
  contexts: [0, 1, 2],
  default_member_permissions: null,
  nsfw: false,
});

export async function startDiscordRestStub(): Promise<DiscordRestStub> {
  const calls: StubCall[] = [];
  const messages = new Map<string, StubMessage>();
  const oldMessages = new Set<string>();
  const closedDms = new Set<string>();
  const waiters: { match: (c: StubCall) => boolean; resolve: (c: StubCall) => void }[] = [];
  const hanging = new Set<ServerResponse>();
  let hangPattern: RegExp | null = null;
  let nextId = 900_000_000_000_000_000n;
  const snowflake = () => String(nextId++);
  const applicationId = "123400000000000001";
  const commands = new Map<string, Record<string, unknown>[]>([
    [`/applications/${applicationId}/commands`, [entryPoint(applicationId)]],
  ]);
  let commandRefusal: { status: number; code: number; message: string } | null = null;
  const stub = { onCall: () => undefined } as unknown as DiscordRestStub;

  const send = (res: ServerResponse, status: number, json?: unknown) => {
    if (status === 204) res.writeHead(204).end();
    else res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://stub").pathname).replace(
      /^\/api\/v10/,
      "",
    );
    const call: StubCall = { seq: calls.length, method: req.method ?? "", path, body };
    calls.push(call);
    stub.onCall(call);
    for (const w of [...waiters]) {
      if (w.match(call)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(call);
      }
    }
    const hang = hangPattern?.test(path) ?? false;
    const problem = req.method === "POST" || req.method === "PATCH" ? formBodyProblem(body) : null;
    if (problem) {
      const errors = { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: problem }] };
      return send(res, 400, { code: 50035, message: "Invalid Form Body", errors });
    }
    const post = /^\/channels\/(\d+)\/messages$/.exec(path);
    const one = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path);

    if (req.method === "GET" && path === "/applications/@me")
      return send(res, 200, { id: applicationId, name: "Pickle Garden" });
    if (/^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(path)) {
      const registered = commands.get(path) ?? [];
      if (req.method === "GET") return send(res, 200, registered);
      if (req.method === "PUT") {
        if (commandRefusal)
          return error(res, commandRefusal.status, commandRefusal.code, commandRefusal.message);
        const sent = body as unknown as Record<string, unknown>[];
        const kept = registered.find((c) => c.type === 4);
        if (kept && !sent.some((c) => c.type === 4 && (c.id === undefined || c.id === kept.id))) {
          const { status, code, message } = ENTRY_POINT_REMOVED;
          return error(res, status, code, message);
        }
        const next = sent.map((c) => {
          const same = registered.find((r) =>
            c.id !== undefined ? r.id === c.id : r.name === c.name && r.type === (c.type ?? 1),
          );
          return { ...c, id: same?.id ?? snowflake(), application_id: applicationId };
        });
        commands.set(path, next);
        return send(res, 200, next);
      }
    }
    if (req.method === "POST" && path === "/users/@me/channels") {
      const recipient = String(body?.recipient_id);
      return send(res, 200, {
        id: `${recipient.slice(0, 12)}999000`,
        type: 1,
        recipients: [{ id: recipient }],
      });
    }
    if (post && req.method === "POST") {
      const channelId = post[1]!;
      const blocked = [...closedDms].some((u) => channelId === `${u.slice(0, 12)}999000`);
      if (blocked) return error(res, 403, 50007, "Cannot send messages to this user");
      const nonce = typeof body?.nonce === "string" ? body.nonce : undefined;
      const earlier =
        nonce && body?.enforce_nonce
          ? [...messages.values()].find((x) => x.channelId === channelId && x.nonce === nonce)
          : undefined;
      const message = earlier ?? {
        id: snowflake(),
        channelId,
        body: body ?? {},
        nonce,
        deleted: false,
        edits: 0,
      };
      messages.set(message.id, message);
      if (hang) return void hanging.add(res);
      return send(res, 200, { id: message.id, channel_id: channelId, ...message.body });
    }
    if (one) {
      const message = messages.get(one[2]!);
      if (!message || message.deleted) return error(res, 404, 10008, "Unknown Message");
      if (req.method === "DELETE") {
        message.deleted = true;
        return send(res, 204);
      }
      if (req.method === "PATCH") {
        if (oldMessages.has(message.id)) {
          return error(res, 400, 30046, "Maximum number of edits to messages older than 1 hour reached.");
        }
        message.body = { ...message.body, ...(body ?? {}) };
        message.edits++;
        return send(res, 200, { id: message.id, channel_id: message.channelId, ...message.body });
      }
    }
    if (req.method === "POST" && /^\/interactions\/[^/]+\/[^/]+\/callback/.test(path)) return send(res, 204);
    if (req.method === "PATCH" && /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/.test(path)) {
      return send(res, 200, { id: snowflake(), ...(body ?? {}) });
    }
    error(res, 404, 0, "404: Not Found");
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const parts: Omit<DiscordRestStub, "onCall"> = {
    api: `http://127.0.0.1:${port}/api`,
    applicationId,
    calls,
    messages,
    oldMessages,
    closedDms,
    commands,
    refuseCommands(refusal) {
      commandRefusal = refusal;
    },
    hang(pattern) {
      hangPattern = pattern;
    },
    waitFor(match, timeoutMs = 20_000) {
      const done = calls.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("the Discord stub did not see the expected call")),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
        });
      });
    },
    channelMessages: (channelId) =>
      [...messages.values()].filter((x) => x.channelId === channelId && !x.deleted),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return Object.assign(stub, parts);
}
