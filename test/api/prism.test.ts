/**
 * A proxying validator between a client and the real server: Prism checks
 * every request and response against client/openapi.json (the document the
 * server generates; a client test keeps it current) and reports violations
 * in the `sl-violations` header. The traffic covers every endpoint,
 * representation, parameter and documented error.
 *
 * Prism limitation: it matches media types ignoring the `+suffix`
 * structure, so `application/geo+json` and `application/json` look alike
 * to it and a GeoJSON body is checked against the JSON schema. GeoJSON
 * bodies are therefore checked here against the documented GeoJSON schema
 * instead, and Prism still checks their status, headers and requests.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { Compile } from "typebox/compile";
import { StatesGeoJson } from "../../src/api/api.schemas.ts";
import { buildTestApp, type TestApp } from "../helpers.ts";
import { freePort } from "../support/ports.ts";

const checkGeoJson = Compile(StatesGeoJson);

const PRISM = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");

let app: TestApp;
let prism: ChildProcess;
let proxy: string;

before(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const upstream = (app.server.address() as { port: number }).port;
  const port = await freePort();
  prism = spawn(
    process.execPath,
    [
      PRISM,
      "proxy",
      "client/openapi.json",
      `http://127.0.0.1:${upstream}`,
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) resolve();
    };
    prism.stdout?.on("data", onData);
    prism.stderr?.on("data", onData);
    prism.once("exit", (code) => reject(new Error(`prism exited (${code}): ${output}`)));
  });
  proxy = `http://127.0.0.1:${port}`;
});

after(async () => {
  prism?.kill();
  await app?.close();
});

type Violation = { location: string[]; severity: string; message: string };

const TRAFFIC: { url: string; accept?: string; invalidRequest?: boolean }[] = [
  { url: "/v1/states" },
  { url: "/v1/states?include=territories&status=adult_use,medical&decriminalized=true" },
  { url: "/v1/states?fields=code,status" },
  { url: "/v1/states?as_of=2012-12-10" },
  { url: "/v1/states?as_of=2012-12-10&fields=code,name,status" },
  { url: "/v1/states?format=geojson", accept: "application/geo+json" },
  { url: "/v1/states", accept: "application/geo+json" },
  { url: "/v1/states/CA" },
  { url: "/v1/states/ca?as_of=2016-11-08" },
  { url: "/v1/states/VA?fields=code,decriminalized" },
  { url: "/v1/states/ZZ" },
  { url: "/v1/states/CO/history" },
  { url: "/v1/states/ZZ/history" },
  { url: "/v1/federal" },
  { url: "/v1/changes" },
  { url: "/v1/changes?since=2024-01-01&limit=5" },
  { url: "/v1/changes?basis=effective&since=2026-11-01&until=2026-11-30" },
  { url: "/v1/changes?basis=effective&jurisdiction=oh,US&limit=3" },
  { url: "/v1/changes?jurisdiction=ZZ" },
  { url: "/v1/changes?basis=signed", invalidRequest: true },
  { url: "/v1/states?fields=colour" },
  { url: "/v1/states?as_of=1850-01-01" },
  { url: "/v1/changes?cursor=nonsense" },
  { url: "/v1/states?status=legal", invalidRequest: true },
  { url: "/v1/states?format=csv", invalidRequest: true },
  { url: "/v1/federal?verbose=1" },
];

test("Prism finds no violation in the server's responses (and only the intended ones in requests)", async () => {
  const found: string[] = [];
  for (const { url, accept, invalidRequest } of TRAFFIC) {
    const response = await fetch(`${proxy}${url}`, {
      headers: { accept: accept ?? "application/json, application/problem+json" },
    });
    const body = await response.text();
    const isGeoJson = (response.headers.get("content-type") ?? "").startsWith(
      "application/geo+json",
    );
    if (isGeoJson) assert.ok(checkGeoJson.Check(JSON.parse(body)), `${url}: GeoJSON schema`);
    const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as Violation[];
    for (const violation of violations) {
      const where = violation.location.join(".");
      if (invalidRequest && violation.location[0] === "request") continue;
      if (isGeoJson && where === "response.body") continue;
      found.push(`${url} (${response.status}) ${where}: ${violation.message}`);
    }
    if (invalidRequest) {
      assert.ok(
        violations.some((violation) => violation.location[0] === "request"),
        `${url}: Prism should see the request as invalid`,
      );
      assert.equal(response.status, 400, url);
    }
  }
  assert.deepEqual(found, []);
});
