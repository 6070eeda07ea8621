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
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    body = options.body;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const sessionToken = getSessionToken();
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
