/**
 * A browser-like HTTP client for the integration suites: keeps cookies for one origin and signs in as a
 * guest the way the website does (GET /api/auth/csrf, POST /api/auth/callback/guest).
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly url: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(`${this.url}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** Signs in as a new guest; answers its player id. */
  async signInAsGuest(): Promise<string> {
    const { csrfToken } = (await (await this.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await this.fetch("/api/auth/callback/guest", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: this.url }),
    });
    await res.text();
    const session = (await (await this.fetch("/api/auth/session")).json()) as {
      user?: { discordId?: string };
    } | null;
    const id = session?.user?.discordId;
    if (!id) throw new Error(`guest sign-in failed (${res.status})`);
    return id;
  }
}
