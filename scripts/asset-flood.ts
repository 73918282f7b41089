/**
 * /v1 latency idle and while 8 clients pull a static asset with `br`.
 * Usage: node scripts/asset-flood.ts [asset=/assets/site.css] [samples=2000] [rounds=3]
 *
 * Three processes: the service, the flood (8 concurrent clients in a child
 * process of its own) and the measuring client (this one), so the flood's
 * client work does not delay the measured requests inside one event loop.
 * Not pinned to cores: pinned, the service's one core is saturated by the
 * flood's bytes and the figure measures the machine rather than the service.
 * The website limit is raised so the flood measures serving cost, not
 * refusals; WEB_LIMIT=default keeps it.
 */
import { fork } from "node:child_process";
import { Agent, get } from "node:http";
import { ms, percentiles, spawnBenchServer } from "./bench-lib.ts";

const FLOODERS = 8;

if (process.env.ASSET_FLOOD_ORIGIN !== undefined) {
  // The flood child: pull the asset until told to stop, then report the count.
  const origin = process.env.ASSET_FLOOD_ORIGIN;
  const asset = process.env.ASSET_FLOOD_PATH ?? "/assets/site.css";
  const agent = new Agent({ keepAlive: true, maxSockets: FLOODERS });
  let flooding = true;
  let pulled = 0;
  process.on("message", () => {
    flooding = false;
  });
  await Promise.all(
    Array.from({ length: FLOODERS }, async (_, client) => {
      while (flooding) {
        // node:http, not fetch: the compressed bytes are read, not
        // decompressed, so the flood costs the server, not this process.
        await new Promise<void>((resolve, reject) => {
          const request = get(
            `${origin}${asset}`,
            {
              agent,
              headers: { "accept-encoding": "br", "x-forwarded-for": `203.0.113.${client + 1}` },
            },
            (response) => {
              response.on("data", () => {});
              response.on("end", resolve);
              response.on("error", reject);
            },
          );
          request.on("error", reject);
        });
        pulled++;
        if (pulled === FLOODERS) process.send?.("flowing");
      }
    }),
  );
  process.send?.(pulled, () => process.exit(0));
} else {
  await main();
}

async function main() {
  const ASSET = process.argv[2] ?? "/assets/site.css";
  const SAMPLES = Number(process.argv[3] ?? 2000);
  const ROUNDS = Number(process.argv[4] ?? 3);
  // WEB_LIMIT=default keeps the website quota in force (each flooding client
  // is refused after its share: what an attacker really gets); otherwise it
  // is raised so the flood measures the cost of serving the asset.
  const defaultWebLimit = process.env.WEB_LIMIT === "default";
  const server = await spawnBenchServer({
    ...(defaultWebLimit ? {} : { WEB_RATE_LIMIT: "100000000" }),
    PUBLIC_RATE_LIMIT: "100000000",
    TRUST_PROXY: "1",
  });
  console.log(
    defaultWebLimit
      ? "website quota: the default (600 per 5 minutes per client)"
      : "website quota: raised (serving cost; set WEB_LIMIT=default for the quota in force)",
  );
  const { origin } = server;

  async function measure(label: string) {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const response = await fetch(`${origin}/v1/states/CA`, {
        headers: { "x-forwarded-for": "192.0.2.1" },
      });
      await response.arrayBuffer();
      samples.push(performance.now() - started);
    }
    const p = percentiles(samples);
    console.log(
      `${label}: n=${p.n} p50=${ms(p.p50)} p90=${ms(p.p90)} p99=${ms(p.p99)} max=${ms(p.max)}`,
    );
    return p;
  }

  const floodOnce = async () => {
    const flood = fork(new URL(import.meta.url).pathname, [], {
      env: { ...process.env, ASSET_FLOOD_ORIGIN: origin, ASSET_FLOOD_PATH: ASSET },
    });
    await new Promise<void>((resolve, reject) => {
      flood.once("message", () => resolve());
      flood.once("exit", (code) => reject(new Error(`the flood exited early (${code})`)));
    });
    const started = performance.now();
    const loaded = await measure(`/v1/states/CA while ${FLOODERS} clients pull ${ASSET} (br)`);
    const seconds = (performance.now() - started) / 1000;
    const pulled = await new Promise<number>((resolve) => {
      flood.removeAllListeners("exit");
      flood.on("message", (message) => {
        if (typeof message === "number") resolve(message);
      });
      flood.send("stop");
    });
    console.log(
      `  asset responses during the measurement: ${pulled} (${(pulled / seconds).toFixed(0)}/s)`,
    );
    return loaded;
  };

  await measure("warm-up (not judged)");
  const p50s: number[] = [];
  const p99s: number[] = [];
  // Interleaved rounds on a shared, noisy machine: each round's ratio is
  // loaded / idle from back-to-back measurements; the median is the figure.
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round} of ${ROUNDS}`);
    const idle = await measure("/v1/states/CA idle");
    const loaded = await floodOnce();
    p50s.push(loaded.p50 / idle.p50);
    p99s.push(loaded.p99 / idle.p99);
    console.log(
      `  ratios: p50 ${(loaded.p50 / idle.p50).toFixed(2)}×, p99 ${(loaded.p99 / idle.p99).toFixed(2)}×`,
    );
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;
  console.log(
    `median over ${ROUNDS} rounds (loaded / idle): p50 ${median(p50s).toFixed(2)}×, p99 ${median(p99s).toFixed(2)}× (rounds: ${p99s.map((r) => r.toFixed(2)).join(", ")})`,
  );
  await server.close();
}
