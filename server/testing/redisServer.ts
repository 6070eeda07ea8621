import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throw-away redis-server for tests (STACK.md): loopback only, a free port, no persistence, stopped
 * by its pid. `restart()` stops it and starts a fresh, empty one on the same port (Redis going away).
 * `private`: as production runs it (docs/scale-out.md), a password and TLS only (`rediss://`), with a
 * self-signed certificate for 127.0.0.1 made here by openssl (`ca`: its file, for NODE_EXTRA_CA_CERTS).
 */

export const redisBinary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) =>
  existsSync(p),
);

export interface RedisServer {
  url: string;
  port: number;
  /** the certificate to trust (a private server only) */
  ca?: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** stops the server, keeping its folder for `up` (which starts it again, empty) */
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startRedis(options: { private?: { password: string } } = {}): Promise<RedisServer> {
  if (!redisBinary) throw new Error("no redis-server on this machine (apt-get install redis-server)");
  const binary = redisBinary;
  const dir = mkdtempSync(join(tmpdir(), "pg-redis-"));
  const pidFile = join(dir, "redis.pid");
  const port = await freePort();
  const secret = options.private;
  const ca = join(dir, "cert.pem");
  if (secret) {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", ca],
      ],
      { stdio: "ignore" },
    );
  }
  const listen = secret
    ? [
        ...["--port", "0", "--tls-port", String(port), "--requirepass", secret.password],
        ...["--tls-cert-file", ca, "--tls-key-file", join(dir, "key.pem"), "--tls-ca-cert-file", ca],
        ...["--tls-auth-clients", "no"],
      ]
    : ["--port", String(port)];
  const start = async () => {
    execFileSync(binary, [
      ...listen,
      ...["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      ...["--daemonize", "yes", "--pidfile", pidFile, "--dir", dir],
    ]);
    for (let i = 0; i < 100 && !existsSync(pidFile); i++) await pause(50);
  };
  const kill = async () => {
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    process.kill(pid, "SIGTERM");
    for (let i = 0; i < 100 && existsSync(pidFile); i++) await pause(50);
  };
  await start();
  return {
    url: secret
      ? `rediss://:${encodeURIComponent(secret.password)}@127.0.0.1:${port}`
      : `redis://127.0.0.1:${port}`,
    port,
    ...(secret ? { ca } : {}),
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await kill();
      await start();
    },
    down: kill,
    up: start,
  };
}
