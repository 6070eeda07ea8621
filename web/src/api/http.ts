import { useApiStore } from "../stores/apiStore.ts";

/**
 * The one fetch wrapper: cookies always (credentials "include"), JSON bodies, a bearer token when the
 * Discord activity set one (never in a URL), answers parsed with the protocol's zod schemas where given,
 * and failures thrown as {@link ApiError}.
 */

/** Anything with zod's `parse`: the protocol schemas of `@pickle-garden/shared`. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export class ApiError extends Error {
  readonly status: number;
  /** the answer's body when it was JSON, for callers that need more than the message */
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** The activity's own session token, sent as `Authorization: Bearer` on HTTP and as socket auth. */
export function setSessionToken(token: string | null): void {
  useApiStore.setState({ sessionToken: token });
}
export function getSessionToken(): string | null {
  return useApiStore.getState().sessionToken;
}

/** The activity's sign-in again after a refused bearer session (null: none, the website). */
export function setSessionRecovery(recover: (() => Promise<string | null>) | null): void {
  useApiStore.setState({ recover });
}

/**
 * The bearer session `refused` was refused: a newer token when there is one (another call already
 * recovered), else one recovery for all the calls refused meanwhile. Null when nothing can be done.
 */
export function recoverSession(refused: string | null = getSessionToken()): Promise<string | null> {
  const { sessionToken, recover, recovering } = useApiStore.getState();
  if (sessionToken && sessionToken !== refused) return Promise.resolve(sessionToken);
  if (recovering) return recovering;
  if (!recover) return Promise.resolve(null);
  const started = recover()
    .then((token) => {
      if (token) setSessionToken(token);
      return token;
    })
    .catch((error: unknown) => {
      console.warn("the session could not be recovered", error);
      return null;
    })
    .finally(() => useApiStore.setState({ recovering: null }));
  useApiStore.setState({ recovering: started });
  return started;
}

/** Prefix for every call; empty (same origin) on the website and behind Discord's URL mapping. */
export function setApiBase(base: string): void {
  useApiStore.setState({ apiBase: base.replace(/\/$/, "") });
}
export function apiUrl(path: string): string {
  return `${useApiStore.getState().apiBase}${path}`;
}

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** JSON body (objects) or a form body (URLSearchParams) */
  body?: unknown;
  schema?: Parser<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  keepalive?: boolean;
  cache?: RequestCache;
  /** sent without the bearer session, and never recovered (the activity's token exchange) */
  anonymous?: boolean;
}

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === "string" && body.trim() !== "") return body.trim().slice(0, 300);
  if (body && typeof body === "object") {
    const o = body as Record<string, unknown>;
    for (const key of ["error", "message"]) {
      const v = o[key];
      if (typeof v === "string" && v !== "") return v;
      if (v && typeof v === "object" && typeof (v as { message?: unknown }).message === "string") {
        return (v as { message: string }).message;
      }
    }
  }
  return fallback;
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const sent = options.anonymous ? null : getSessionToken();
  try {
    return await send(path, options, sent);
  } catch (error) {
    // a bearer session refused (expired, or Discord's proxy token ran out): once more after recovering
    if (!(error instanceof ApiError && error.status === 401 && sent)) throw error;
    const fresh = await recoverSession(sent);
    if (!fresh) throw error;
    return send(path, options, fresh);
  }
}

async function send<T>(path: string, options: RequestOptions<T>, sessionToken: string | null): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    body = options.body;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  if (sessionToken) headers.Authorization = `Bearer ${sessionToken}`;

  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      credentials: "include",
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
      cache: options.cache,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "Network error");
  }

  const text = await res.text();
  let data: unknown = text;
  if (text !== "" && (res.headers.get("content-type") ?? "").includes("json")) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, "Invalid JSON answer", text);
    }
  } else if (text === "") {
    data = null;
  }

  if (!res.ok) throw new ApiError(res.status, messageOf(data, res.statusText || `HTTP ${res.status}`), data);
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch (err) {
    console.error(`Unexpected answer from ${path}`, err);
    throw new ApiError(res.status, "Unexpected answer from the server", data);
  }
}

export const http = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions<T>, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, "method" | "body"> = {},
  ) => request<T>(path, { ...options, method: "POST", body: body ?? {} }),
  patch: <T = unknown>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, "method" | "body"> = {},
  ) => request<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
};
