/** A guest signs in the website's way, then trades the cookie session for a bearer session token. */
export async function signIn(url) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const call = async (path, init = {}) => {
    const res = await fetch(`${url}${path}`, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: cookie() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const { csrfToken } = await (await call("/api/auth/csrf")).json();
  await call("/api/auth/callback/guest", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: url }),
  });
  const { sessionToken } = await (await call("/api/account/session-token", { method: "POST" })).json();
  return { bearer: sessionToken, cookie: cookie() };
}
