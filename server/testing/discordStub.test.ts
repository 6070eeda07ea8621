import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscordStub, startDiscordStub, stubEntitlement } from "./discordStub.ts";

/** The Discord stub is strict where Discord is: a token only reaches what its granted scopes allow. */

let stub: DiscordStub;
beforeAll(async () => {
  stub = await startDiscordStub("client-1", "secret-1");
  stub.codes.set("plain", { id: "100000000000000001", username: "plain", global_name: null, avatar: null });
  stub.codes.set("wide", { id: "100000000000000002", username: "wide", global_name: null, avatar: null });
  stub.scopes.set("wide", ["identify", "guilds.members.read"]);
});
afterAll(() => stub.close());

async function tokenFor(code: string): Promise<{ access_token: string; scope: string }> {
  const res = await fetch(`${stub.base}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: "client-1",
      client_secret: "secret-1",
      grant_type: "authorization_code",
      code,
    }),
  });
  return (await res.json()) as { access_token: string; scope: string };
}

const get = (path: string, token: string) =>
  fetch(`${stub.base}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("the Discord stub's OAuth scopes", () => {
  it("answers the scopes a code was granted, and each user endpoint checks its own", async () => {
    const plain = await tokenFor("plain");
    expect(plain.scope).toBe("identify");
    expect((await get("/users/@me", plain.access_token)).status).toBe(200);
    const member = await get("/users/@me/guilds/200000000000000001/member", plain.access_token);
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ message: "Missing Access", code: 50_001 });
    expect((await get("/users/@me/guilds", plain.access_token)).status).toBe(403);

    const wide = await tokenFor("wide");
    expect(wide.scope).toBe("identify guilds.members.read");
    expect((await get("/users/@me/guilds/200000000000000001/member", wide.access_token)).status).toBe(404);
  });
});

describe("the Discord stub's entitlements", () => {
  it("lists ended entitlements unless asked with exclude_ended, as Discord does", async () => {
    const common = { application_id: "client-1", user_id: "100000000000000001", sku_id: "1" };
    stub.entitlements.push(
      stubEntitlement({ ...common, ends_at: new Date(Date.now() - 60_000).toISOString() }),
      stubEntitlement({ ...common, ends_at: new Date(Date.now() + 60_000).toISOString() }),
    );
    const list = async (query: string) => {
      const res = await fetch(
        `${stub.base}/applications/client-1/entitlements?user_id=${common.user_id}${query}`,
        {
          headers: { authorization: `Bot ${stub.botToken}` },
        },
      );
      return ((await res.json()) as { ends_at: string }[]).length;
    };
    expect(await list("")).toBe(2);
    expect(await list("&exclude_ended=true")).toBe(1);
  });
});
