/**
 * The multi-instance harness: N real server processes (`node src/server.ts`)
 * on random ports behind a real nginx (Debian's, run as a private process
 * with its own prefix, config and pid in a temp dir; never the system
 * service), sharing a fresh PostgreSQL schema and a private redis-server.
 *
 * The instances' environment and nginx's configuration come from
 * compose.yaml and deploy/nginx.conf, so what runs here is what the
 * container deployment runs; only addresses and ports are replaced.
 *
 * Ports: every port is bound by the process that uses it, or held for the
 * test's whole life — never picked free, released and bound later, when
 * another process on a busy machine may have taken it meanwhile. The
 * instances listen on port 0 and report theirs in their log; nginx
 * inherits a listening socket the harness bound on port 0 (nginx's own
 * `NGINX` socket inheritance); the TCP proxy listens on port 0 and keeps
 * listening while "cut" (it resets what connects instead). redis-server
 * can do neither (no port 0, no inherited socket): its port is picked free
 * just before it starts, a start that finds the port taken picks another,
 * and a restart after SIGKILL binds the same port again at once. (Redis
 * behind a proxy of this process was tried: under load the proxy shares
 * this event loop with the load generator, and Redis commands through it
 * outran the instances' short command timeout.)
 *
 * Diagnostics: each instance's log and stderr, nginx's error log, each
 * proxy's and redis-server's events are kept; `diagnostics()` returns them
 * all, for a test to print when it fails (`printDiagnosticsOnFailure`).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { until } from "../support/wait.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

export { until };

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

// ---------------------------------------------------------------- diagnostics

/** The last `limit` lines a process or proxy wrote, kept for printing on failure. */
export type OutputLog = { name: string; lines: string[]; add: (text: string) => void };

const outputs: OutputLog[] = [];
const KEPT_LINES = 400;

export function outputLog(name: string): OutputLog {
  const log: OutputLog = {
    name,
    lines: [],
    add(text) {
      for (const line of text.split("\n")) {
        if (line === "") continue;
        log.lines.push(line);
        if (log.lines.length > KEPT_LINES) log.lines.shift();
      }
    },
  };
  outputs.push(log);
  return log;
}

/** Everything kept of every process and proxy this file started, newest lines last. */
export function diagnostics(): string {
  return outputs
    .map((log) => `---- ${log.name} (last ${log.lines.length} lines)\n${log.lines.join("\n")}`)
    .join("\n");
}

/**
 * Wraps a test body: when it fails, every instance's, proxy's, nginx's and
 * redis-server's output is printed (as TAP comments) before the failure.
 */
export function printDiagnosticsOnFailure<T>(body: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await body();
    } catch (error) {
      printDiagnostics();
      throw error;
    }
  };
}

/** Prints what `diagnostics()` holds, as TAP comments (for an `afterEach` that sees `!t.passed`). */
export function printDiagnostics(): void {
  const text = diagnostics().replace(/^/gm, "# ");
  process.stdout.write(`# ==== diagnostics of the failed test\n${text}\n`);
}

const stamp = () => new Date().toISOString().slice(11, 23);

// ---------------------------------------------------------------- compose.yaml

type Compose = {
  services: Record<string, { environment?: Record<string, string> }>;
};

export function composeFile(): Compose {
  return parse(readFileSync(join(ROOT, "compose.yaml"), "utf8"), { merge: true }) as Compose;
}

/** The instances' settings from compose.yaml (every app service must agree). */
export function composeInstanceEnv(): Record<string, string> {
  const services = composeFile().services;
  const apps = Object.keys(services).filter((name) => /^app\d+$/.test(name));
  const env = services[apps[0] ?? ""]?.environment;
  if (env === undefined || apps.length === 0) throw new Error("compose.yaml has no app services");
  for (const name of apps) {
    if (JSON.stringify(services[name]?.environment) !== JSON.stringify(env))
      throw new Error(`compose.yaml: ${name} differs from ${apps[0]}`);
  }
  return { ...env };
}

export function composeInstanceCount(): number {
  return Object.keys(composeFile().services).filter((name) => /^app\d+$/.test(name)).length;
}

// ---------------------------------------------------------------- redis-server

export type RedisProcess = {
  url: string;
  port: number;
  kill: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  start: () => Promise<void>;
  /** Running and answering again, whatever a test left it as (killed or paused). */
  heal: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A port on 127.0.0.1 that was free a moment ago (for redis-server only: see the header). */
async function portFreeNow(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startRedis(): Promise<RedisProcess> {
  const dir = mkdtempSync(join(tmpdir(), "cls-redis-"));
  const output = outputLog("redis-server");
  let port = 0;
  let child: ChildProcess | null = null;
  const exited = () =>
    new Promise<void>((resolve) => {
      if (child === null || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once("exit", () => resolve());
    });
  const start = async () => {
    const started = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "yes",
        "--dir",
        dir,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = started;
    started.stdout?.on("data", (chunk: Buffer) => output.add(chunk.toString()));
    started.stderr?.on("data", (chunk: Buffer) => output.add(chunk.toString()));
    started.once("exit", (code, signal) =>
      output.add(`${stamp()} exited (code ${code}, signal ${signal})`),
    );
    await until("redis-server to accept connections", () => {
      if (started.exitCode !== null)
        throw new Error(`redis-server on ${port} exited ${started.exitCode}`);
      return canConnect(port);
    });
  };
  for (let attempt = 1; ; attempt++) {
    port = await portFreeNow();
    try {
      await start();
      break;
    } catch (error) {
      // Taken between the pick and the bind: another port (the instances do not know it yet).
      if (attempt >= 3) throw new Error(`${String(error)}\n${output.lines.join("\n")}`);
    }
  }
  output.add(`${stamp()} listening on 127.0.0.1:${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    kill: async () => {
      output.add(`${stamp()} SIGKILL`);
      child?.kill("SIGKILL");
      await exited();
    },
    pause: () => {
      output.add(`${stamp()} SIGSTOP`);
      child?.kill("SIGSTOP");
    },
    resume: () => {
      output.add(`${stamp()} SIGCONT`);
      child?.kill("SIGCONT");
    },
    heal: async () => {
      if (child !== null && child.exitCode === null && child.signalCode === null)
        child.kill("SIGCONT");
      else await start();
    },
    stop: async () => {
      child?.kill("SIGCONT");
      child?.kill("SIGKILL");
      await exited();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- a TCP proxy that can be cut

export type TcpProxy = {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Forwards 127.0.0.1:port → `target`.
 * It listens on port 0 and keeps its port until `close()`: `cut()` drops
 * every open connection and resets each new one at once (what connects
 * sees the store unreachable), `restore()` (idempotent) forwards again.
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  name = "postgres proxy",
): Promise<TcpProxy> {
  const output = outputLog(name);
  const sockets = new Set<net.Socket>();
  let isCut = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (isCut) {
      refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", (error: NodeJS.ErrnoException) => {
        if (s === upstream) output.add(`${stamp()} upstream: ${error.code ?? error.message}`);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.on("error", (error) => output.add(`${stamp()} server error: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  output.add(`${stamp()} listening on 127.0.0.1:${port}`);
  return {
    port,
    cut: async () => {
      isCut = true;
      output.add(`${stamp()} cut: dropping ${sockets.size} sockets`);
      for (const s of sockets) s.destroy();
    },
    restore: async () => {
      if (!isCut) return;
      isCut = false;
      output.add(`${stamp()} restored (${refused} connections reset while cut)`);
      refused = 0;
    },
    close: async () => {
      isCut = true;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
      output.add(`${stamp()} closed`);
    },
  };
}

// ---------------------------------------------------------------- instances

export type Instance = {
  name: string;
  port: number;
  metricsPort: number;
  logs: Array<Record<string, unknown>>;
  process: ChildProcess;
  stop: () => Promise<void>;
};

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.unref();
  const logs: Array<Record<string, unknown>> = [];
  const output = outputLog(`${name} (pid ${child.pid})`);
  let port = 0;
  let metricsPort = 0;
  let stderr = "";
  let buffered = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    output.add(chunk.toString().replace(/^/gm, "stderr: "));
  });
  child.once("exit", (code, signal) =>
    output.add(`${stamp()} exited (code ${code}, signal ${signal})`),
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      output.add(line);
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(entry.msg));
        if (listening) port = Number(listening[1]);
        if (typeof entry.metrics_port === "number") metricsPort = entry.metrics_port;
      } catch {}
    }
  });
  await until(
    `${name} to listen`,
    () => {
      if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}: ${stderr}`);
      return port > 0 && metricsPort > 0;
    },
    90_000,
  );
  return {
    name,
    port,
    metricsPort,
    logs,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// ---------------------------------------------------------------- nginx

export type LoadBalancer = {
  kind: "nginx" | "node proxy";
  port: number;
  stop: () => Promise<void>;
};

function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    if (spawnSync(candidate, ["-v"]).status === 0) return candidate;
  }
  return null;
}

/** `${NAME}`, as envsubst (and the nginx image) writes a variable. */
const placeholder = (name: string) => `$\{${name}}`;

/** deploy/nginx.conf with its two variables filled in. */
export function renderNginxSite(listenPort: number, upstreamPorts: number[]): string {
  const upstreams = upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join(" ");
  return readFileSync(join(ROOT, "deploy/nginx.conf"), "utf8")
    .replaceAll(placeholder("CLS_LISTEN_PORT"), `127.0.0.1:${listenPort}`)
    .replaceAll(placeholder("CLS_UPSTREAM_SERVERS"), upstreams);
}

/**
 * A listening socket on 127.0.0.1, port 0, bound now and held until the
 * load balancer takes it over: the instances' PUBLIC_BASE_URL names its
 * port before the load balancer starts, and no other process can take it
 * in between.
 */
export async function holdListeningPort(): Promise<http.Server> {
  const listener = http.createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(0, "127.0.0.1", () => {
      listener.off("error", reject);
      resolve();
    });
  });
  return listener;
}

/** nginx on `listener`'s socket (inherited: nginx never binds a port itself). */
export async function startLoadBalancer(
  listener: http.Server,
  upstreamPorts: number[],
): Promise<LoadBalancer> {
  const port = (listener.address() as net.AddressInfo).port;
  const binary = nginxBinary();
  if (binary === null) {
    if (process.env.CI === "true") throw new Error("nginx is not installed (.ci/run installs it)");
    return startNodeProxy(listener, upstreamPorts);
  }
  const prefix = mkdtempSync(join(tmpdir(), "cls-nginx-"));
  const output = outputLog(`nginx on ${port}`);
  writeFileSync(join(prefix, "site.conf"), renderNginxSite(port, upstreamPorts));
  writeFileSync(
    join(prefix, "nginx.conf"),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  // The socket is nginx's fd 3; NGINX="3;" tells it to use that socket for
  // the `listen` with the same address instead of binding one.
  const handle = (listener as unknown as { _handle: { fd: number } | null })._handle;
  if (handle === null || !(handle.fd >= 0)) throw new Error("the held socket has no descriptor");
  const child = spawn(
    binary,
    [
      "-p",
      prefix,
      "-c",
      join(prefix, "nginx.conf"),
      "-e",
      join(prefix, "error.log"),
      "-g",
      "daemon off;",
    ],
    {
      stdio: ["ignore", "ignore", "pipe", handle.fd],
      env: { ...process.env, NGINX: "3;" },
    },
  );
  // nginx holds its own copy of the socket now.
  listener.close();
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    output.add(chunk.toString());
  });
  const errorLog = () => {
    try {
      return readFileSync(join(prefix, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  child.once("exit", (code, signal) => {
    output.add(`${stamp()} exited (code ${code}, signal ${signal})`);
    output.add(errorLog());
  });
  await until("nginx to accept connections", () => {
    if (child.exitCode !== null)
      throw new Error(`nginx exited ${child.exitCode}: ${stderr}${errorLog()}`);
    return /using inherited sockets/.test(errorLog()) && canConnect(port);
  });
  return {
    kind: "nginx",
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Only where nginx is absent outside CI: round-robin with the same X-Forwarded-For rule. */
async function startNodeProxy(server: http.Server, upstreamPorts: number[]): Promise<LoadBalancer> {
  const port = (server.address() as net.AddressInfo).port;
  const output = outputLog(`node proxy on ${port}`);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  server.on("request", (request, response) => {
    const target = upstreamPorts[next++ % upstreamPorts.length];
    const headers = { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" };
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      output.add(`${stamp()} upstream ${target}: ${error.message}`);
      response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  return {
    kind: "node proxy",
    port,
    stop: async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------------------------------------------------------------- HTTP client with a chosen source address

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
};

const agents = new Map<string, http.Agent>();

/** The keep-alive agent of one simulated client (its loopback source address). */
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (agent === undefined) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

type SendOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  from?: string;
};

/**
 * One request on the shared keep-alive agents. A request written on a
 * reused socket that the server closed at the same moment (its keep-alive
 * timeout) never reached the server: it is sent once more on a new socket,
 * as Node's documentation advises (`request.reusedSocket`). Any other error
 * is the answer.
 */
export async function send(port: number, path: string, options: SendOptions = {}): Promise<Answer> {
  try {
    return await sendOnce(port, path, options);
  } catch (error) {
    if (error instanceof StaleSocketError) return sendOnce(port, path, options);
    throw error;
  }
}

class StaleSocketError extends Error {}

function sendOnce(port: number, path: string, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: agentFor(options.from ?? "127.0.0.1"),
        timeout: 30_000,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("request timed out")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      const closedUnderUs =
        request.reusedSocket &&
        (error.code === "ECONNRESET" ||
          error.code === "EPIPE" ||
          error.message === "socket hang up");
      reject(closedUnderUs ? new StaleSocketError(error.message, { cause: error }) : error);
    });
    request.end(options.body);
  });
}

/** One sample of a Prometheus exposition, or null. */
export function metricSample(text: string, line: string): number | null {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
}

export function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
}

// ---------------------------------------------------------------- the whole cluster

export type Cluster = {
  instances: Instance[];
  lb: LoadBalancer;
  /** The origin the website is served at (nginx). */
  origin: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/** compose.yaml's instances (its environment, its count) on local processes behind nginx. */
export async function startCluster(options: {
  databaseUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const listener = await holdListeningPort();
  const lbPort = (listener.address() as net.AddressInfo).port;
  const composed = composeInstanceEnv();
  const count = composeInstanceCount();
  const env = {
    ...composed,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    METRICS_PORT: "0",
    PUBLIC_BASE_URL: `http://127.0.0.1:${lbPort}`,
    ...options.env,
  };
  // All start at once: the advisory lock must make exactly one of them migrate.
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startInstance(`app${i + 1}`, env)),
  );
  const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed !== undefined) {
    listener.close();
    await Promise.all(instances.map((i) => i.stop()));
    throw failed.reason;
  }
  let lb: LoadBalancer;
  try {
    lb = await startLoadBalancer(
      listener,
      instances.map((i) => i.port),
    );
  } catch (error) {
    listener.close();
    // No instance may outlive a failed start (they would keep the test file running).
    await Promise.all(instances.map((i) => i.stop()));
    throw error;
  }
  return {
    instances,
    lb,
    origin: `http://127.0.0.1:${lb.port}`,
    env,
    stop: async () => {
      closeAgents();
      await lb.stop();
      await Promise.all(instances.map((i) => i.stop()));
    },
  };
}
