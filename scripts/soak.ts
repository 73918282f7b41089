/**
 * Soak: mixed traffic (API with and without keys, bad keys, website pages,
 * assets, errors) against a real listening app; reports 5xx and RSS over
 * time. Usage: node scripts/soak.ts [seconds=600]. A short run is in
 * `npm test` (test/security/soak.test.ts).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { generateApiKey } from "../src/api-keys/api-keys.format.ts";
import { startBenchServer } from "./bench-lib.ts";

export type SoakResult = {
  requests: number;
  serverErrors: number;
  /** Resident set size: informative only, the allocator keeps freed pages. */
  rssStartMb: number;
  rssEndMb: number;
  /** JavaScript heap plus Buffer/native memory, each read after a full GC: what a leak grows. */
  liveStartMb: number;
  liveEndMb: number;
};

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Live memory after a full collection: heap in use plus external (Buffers, zlib). */
function liveMb(): number {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return Math.round((usage.heapUsed + usage.external) / 1048576);
}

const PATHS = [
  "/v1/states",
  "/v1/states/CA",
  "/v1/states/TX/history",
  "/v1/federal",
  "/v1/changes?limit=5",
  "/v1/states/ZZ",
  "/v1/states/%ff",
  "/v1/nothing",
  "/",
  "/states",
  "/states/NY",
  "/assets/site.css",
  "/login",
  "/errors",
  "/healthz",
];

export async function soak(durationMs: number, concurrency = 8): Promise<SoakResult> {
  const server = await startBenchServer({
    PUBLIC_RATE_LIMIT: "100000000",
    WEB_RATE_LIMIT: "100000000",
  });
  let requests = 0;
  let serverErrors = 0;
  const mb = () => Math.round(process.memoryUsage().rss / 1048576);
  const deadline = Date.now() + durationMs;
  let rssStartMb = 0;
  let liveStartMb = 0;
  const warm = Date.now() + Math.min(2000, durationMs / 4);
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i++) {
        if (rssStartMb === 0 && Date.now() > warm) {
          rssStartMb = mb();
          liveStartMb = liveMb();
        }
        const path = PATHS[i % PATHS.length] as string;
        const headers: Record<string, string> = { "accept-encoding": i % 3 === 0 ? "br" : "gzip" };
        if (i % 5 === 0) headers["x-api-key"] = generateApiKey();
        if (i % 7 === 0) headers.accept = "text/html";
        const response = await fetch(`${server.origin}${path}`, { headers });
        await response.arrayBuffer();
        requests++;
        if (response.status >= 500) serverErrors++;
      }
    }),
  );
  const result = {
    requests,
    serverErrors,
    rssStartMb,
    rssEndMb: mb(),
    liveStartMb,
    liveEndMb: liveMb(),
  };
  await server.close();
  return result;
}

if (import.meta.main) {
  const seconds = Number(process.argv[2] ?? 600);
  const result = await soak(seconds * 1000);
  console.log(JSON.stringify(result));
}
