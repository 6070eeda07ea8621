import { type MockUser, MockUserSchema } from "@pickle-garden/shared";
import type { SafeStorage } from "@pickle-garden/web";

/**
 * Who plays in mock mode (/activity, outside Discord): `?user_id=` and `?username=`, else a random
 * player kept in this tab's sessionStorage, so a reload keeps the player and two tabs are two players of
 * the mock's one instance.
 */

export const MOCK_USER_KEY = "pg.activity.mockUser";

export function mockUserFrom(search: string, storage: Pick<SafeStorage, "getItem" | "setItem">): MockUser {
  const query = new URLSearchParams(search);
  const asked = MockUserSchema.safeParse({ id: query.get("user_id"), username: query.get("username") });
  if (asked.success) return asked.data;
  const kept = readKept(storage);
  if (kept) return kept;
  const user = randomUser();
  // where storage is refused, this tab's player changes on reload, nothing worse
  storage.setItem(MOCK_USER_KEY, JSON.stringify(user));
  return user;
}

function readKept(storage: Pick<SafeStorage, "getItem">): MockUser | null {
  try {
    const parsed = MockUserSchema.safeParse(JSON.parse(storage.getItem(MOCK_USER_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function randomUser(): MockUser {
  const digits = crypto.getRandomValues(new Uint32Array(3));
  // snowflake-like: 18 digits, so the default avatar's arithmetic works as for a Discord id
  const id = `1${[...digits].map((n) => String(n % 1_000_000).padStart(6, "0")).join("")}`.slice(0, 18);
  return { id, username: `Sprout ${id.slice(-4)}` };
}
