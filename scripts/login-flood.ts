/**
 * A legitimate log-in's latency, idle and while 16 connections flood log-ins
 * to one account from another client, against the server in its own process (distinct clients via X-Forwarded-For,
 * TRUST_PROXY=1). Usage: node scripts/login-flood.ts [samples=20]
 */
import { ms, percentiles, spawnBenchServer } from "./bench-lib.ts";

const SAMPLES = Number(process.argv[2] ?? 20);
const PASSWORD = "violet-harbor-tractor-57";
const server = await spawnBenchServer({ TRUST_PROXY: "1" });
const { origin } = server;

/** GETs a form page for its CSRF token and cookie, then posts the fields from `client`; returns the status. */
async function submitForm(path: string, client: string, fields: Record<string, string>) {
  const page = await fetch(`${origin}${path}`, { headers: { "x-forwarded-for": client } });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://127.0.0.1",
      cookie,
      "x-forwarded-for": client,
    },
    body: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
  });
  await response.text();
  return response.status;
}

const login = (email: string, client: string, password = PASSWORD) =>
  submitForm("/login", client, { email, password });
const signup = (email: string, client: string) =>
  submitForm("/signup", client, { email, password: PASSWORD, password_confirm: PASSWORD });

await signup("owner@example.org", "198.51.100.1");
await signup("target@example.org", "198.51.100.2");

async function measure(label: string) {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const status = await login("owner@example.org", `192.0.2.${(i % 200) + 1}`);
    samples.push(performance.now() - started);
    if (status !== 303) throw new Error(`legitimate log-in got ${status}`);
  }
  const p = percentiles(samples);
  console.log(
    `${label}: n=${p.n} p50=${ms(p.p50)} p90=${ms(p.p90)} p99=${ms(p.p99)} max=${ms(p.max)}`,
  );
}

await measure("legitimate log-in, idle");
let flooding = true;
const statuses = new Map<number, number>();
const flood = Array.from({ length: 16 }, async () => {
  while (flooding) {
    const status = await login("target@example.org", "203.0.113.66").catch(() => 0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
});
await measure("legitimate log-in, 16-way flood from one client");
flooding = false;
await Promise.all(flood);
console.log(`flood responses by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
await server.close();
