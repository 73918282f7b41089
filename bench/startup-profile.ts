/**
 * Where a start of the bundled server spends its time: runs
 * `dist/server.mjs` (build it first: `npm run build`) under `--cpu-prof` on
 * a fresh SQLite database, asks for `/v1/states/CA` until the first 200,
 * and stops the server.
 *
 *   node bench/startup-profile.ts [runs]      (default 3; the median run is printed)
 *
 * `npm run bench` runs it once after its start-up scenario.
 *
 * It prints the phases the server itself logs once it listens
 * (`startup_ms`: loading its modules, the dataset, migrations, backends, the
 * app, listening), then the profile's samples up to the first 200
 * summed by where the code comes from (each bundle frame mapped back to its
 * source file through the bundle's source map: a package, or a folder of
 * src/), and the functions that took the most. docs/PERFORMANCE.md,
 * "Start-up", is written from its output.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** The bundle and its chunks (scripts/build.ts), each with its source map beside it. */
const distUrl = pathToFileURL("dist/").href;
// Read when the first profile is summed: the bundle is built after this module loads.
const sourceMaps = new Map<string, SourceMap>();

/** A port free at this moment (the kernel's choice), for a child to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type Run = {
  wallMs: number;
  phases: Record<string, number>;
  bySource: Map<string, number>;
  byFunction: Map<string, number>;
};

async function profileOnce(): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), "cls-startup-profile-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", "250", "dist/server.mjs"],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${join(dir, "s.db")}`,
        SHUTDOWN_GRACE_MS: "0",
      },
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  let wallMs = 0;
  let answeredAt = 0n;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/states/CA`)).status === 200) {
        answeredAt = process.hrtime.bigint();
        wallMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill("SIGTERM");
  await once(child, "exit");
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (file === undefined) throw new Error("no profile written");
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
  const phaseLine = log.split("\n").find((line) => line.includes('"startup_ms"'));
  const phases = phaseLine === undefined ? {} : (JSON.parse(phaseLine).startup_ms ?? {});
  // The profile's clock is the monotonic one process.hrtime reads, in µs.
  return { wallMs, phases, ...samplesUntil(profile, Number(answeredAt / 1000n)) };
}

/** Where a frame's code comes from: a package, a folder of src/, or Node itself. */
function sourceOf(frame: ProfileNode["callFrame"]): string {
  if (frame.functionName.startsWith("RegExp: ")) return "regular expressions";
  if (frame.url === "" && !frame.functionName.startsWith("("))
    return "built-ins and generated code";
  if (frame.url === "") return frame.functionName;
  if (!frame.url.startsWith(distUrl) || !frame.url.endsWith(".mjs"))
    return frame.url.startsWith("node:") ? "node (its own modules)" : frame.url;
  let sourceMap = sourceMaps.get(frame.url);
  if (sourceMap === undefined) {
    const file = `dist/${frame.url.slice(distUrl.length)}.map`;
    sourceMap = new SourceMap(JSON.parse(readFileSync(file, "utf8")));
    sourceMaps.set(frame.url, sourceMap);
  }
  const entry = sourceMap.findEntry(frame.lineNumber, frame.columnNumber) as {
    originalSource?: string;
  };
  const source = (entry.originalSource ?? "").replace(/^.*?(node_modules|src)\//, "$1/");
  const inPackage = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage !== null) return inPackage[1] as string;
  const inSrc = /^src\/([^/]+\/)?/.exec(source);
  return inSrc === null ? source || "bundle" : `src/${inSrc[1] ?? ""}`;
}

function samplesUntil(profile: Profile, untilUs: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at > untilUs) return;
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    const ms = delta / 1000;
    const source = sourceOf(frame);
    bySource.set(source, (bySource.get(source) ?? 0) + ms);
    const name = `${frame.functionName || "(anonymous)"} [${source}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { bySource, byFunction };
}

/** Profiles `runs` starts; returns the lines describing the median one. */
export async function profileStart(runs: number): Promise<string[]> {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await profileOnce());
  results.sort((a, b) => a.wallMs - b.wallMs);
  const median = results[Math.floor(results.length / 2)] as Run;
  const lines = [
    `start-up under --cpu-prof, ${runs} run(s): ${results.map((r) => r.wallMs.toFixed(0)).join(", ")} ms to the first 200; the median run (${median.wallMs.toFixed(0)} ms):`,
    `  phases the server logs (ms each): ${Object.entries(median.phases)
      .map(([phase, ms]) => `${phase} ${Number(ms).toFixed(0)}`)
      .join(", ")}`,
    "  samples up to the first 200, by source (self time, ms):",
  ];
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [source, ms] of top(median.bySource, 14))
    lines.push(`    ${source.padEnd(40)} ${ms.toFixed(1).padStart(7)}`);
  lines.push("  functions (self time, ms):");
  for (const [name, ms] of top(median.byFunction, 10))
    lines.push(`    ${name.slice(0, 70).padEnd(72)} ${ms.toFixed(1).padStart(7)}`);
  return lines;
}

if (import.meta.main) {
  for (const line of await profileStart(Number(process.argv[2] ?? 3)))
    process.stdout.write(`${line}\n`);
}
