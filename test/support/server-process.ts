/**
 * The real server (`node src/server.ts`) as its own process, for tests of
 * start-up, signals and crashes. Its stdout and stderr are collected; every
 * process started here is killed when the test file ends, even after a
 * failure midway.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { after } from "node:test";
import { PROJECT_ROOT } from "../../src/paths.ts";

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /**
   * The port it listens on, read from its log: start it with `PORT: "0"` so
   * the server binds a port itself instead of one picked free and bound
   * later (which another process on a busy machine may take meanwhile).
   * Null until it listens (the log needs LOG_LEVEL info, the default here).
   */
  port: () => number | null;
  /**
   * Its exit code once it exits (null when a signal ended it), at most
   * `timeoutMs` from now; otherwise fails with its output. The exit is
   * watched from the start, so an exit that came before this is asked
   * for (a crash right after answering, say) is not missed.
   */
  exitCode: (timeoutMs?: number) => Promise<number | null>;
};

const children: ChildProcess[] = [];
after(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * Starts the server with `env` over the test's own environment (info logs, no
 * shutdown grace), in the project's folder or in `cwd`.
 */
export function spawnServer(
  env: Record<string, string>,
  options: { cwd?: string } = {},
): ServerProcess {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "src/server.ts")], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: "info", SHUTDOWN_GRACE_MS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    output: () => output,
    exitCode: (timeoutMs = 60_000) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `the server did not exit within ${timeoutMs / 1000} s; its output:\n${output}`,
              ),
            ),
          timeoutMs,
        );
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
    port: () => {
      const listening = /Server listening at http:\/\/[^\s"]+:(\d+)/.exec(output);
      return listening === null ? null : Number(listening[1]);
    },
  };
}

/**
 * The port a server started with `PORT=0` and LOG_LEVEL info listens on,
 * read from its stdout (piped; kept flowing after, so it never blocks).
 * Rejects if it exits first or does not listen within `timeoutMs`.
 */
export function listeningPort(child: ChildProcess, timeoutMs = 180_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      const listening = /Server listening at http:\/\/[^\s"]+:(\d+)/.exec(seen);
      if (listening === null) return;
      done();
      resolve(Number(listening[1]));
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`the server exited (${code}) before listening`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server did not listen within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.stdout?.resume();
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}
