/**
 * `npm run build`: bundles the server (src/server.ts and everything it
 * imports, dependencies included) into dist/server.bundle.mjs and the
 * chunks it imports (dist/chunk-*.mjs), behind a small entry,
 * dist/server.mjs, which `npm start` and the container run. What the
 * server imports only when it needs it (the Redis backends with ioredis,
 * the common-password list) is in chunks no start reads unless it does.
 * The entry enables Node's compile cache in dist/compile-cache/ and loads
 * the bundle; the build fills that cache with one start of the server on a
 * throwaway database, so even the first start after a build reuses
 * compiled code (a start whose cache is missing compiles, and writes it).
 * Loading a few files instead of some 1,600 modules (resolving, reading and
 * linking each) is most of what makes the process answer its first request
 * in under a second (docs/PERFORMANCE.md, start-up). Tests and `npm run dev`
 * run the TypeScript sources directly; the bundle is the same code, and
 * test/ops/bundle.test.ts starts it.
 *
 * It then runs the dataset's checks on data/ (or DATA_DIR) and stamps it
 * (src/dataset/dataset.stamp.ts), so the server it built skips them at
 * start; the bundle carries the identity of the checking code it was built
 * from, which the stamp must name. Data that fails a check is not stamped
 * (the server will then check it at start, and refuse it).
 *
 * Left out of the bundle, loaded from node_modules when first used: Scalar's
 * API reference (5 MB, only for /docs/scalar.js), pg (only with a
 * postgres:// DATABASE_URL; it asks for the optional pg-native) and
 * nodemailer (only with SMTP).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { DatasetError } from "../src/dataset/dataset.load.ts";
import { checksIdentity, writeDatasetStamp } from "../src/dataset/dataset.stamp.ts";

const ENTRY = "dist/server.mjs";
/** Node's compile cache for the bundle, beside it (filled by the warm-up start below). */
const CACHE_DIR = "compile-cache";
const OUT = "dist/server.bundle.mjs";
const started = performance.now();
rmSync("dist", { recursive: true, force: true });
const result = await build({
  entryPoints: { "server.bundle": "src/server.ts" },
  outdir: "dist",
  // What the server imports only when it needs it (the Redis backends and
  // ioredis, the common-password list, …) goes into chunks of its own,
  // beside the bundle, read only when first imported.
  splitting: true,
  chunkNames: "chunk-[name]-[hash]",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: ["@scalar/fastify-api-reference", "pg", "nodemailer"],
  // The identity of the dataset's checking code in these sources (a stamp must name it).
  define: { DATASET_CHECKS_IDENTITY: JSON.stringify(checksIdentity()) },
  // CommonJS dependencies inside an ES module bundle still call require()
  // and name __dirname (ioredis, to trim its stack traces).
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { dirname as __pathDirname } from "node:path";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      "const require = __createRequire(import.meta.url);",
      "const __filename = __fileURLToPath(import.meta.url);",
      "const __dirname = __pathDirname(__filename);",
    ].join(" "),
  },
  // Stack traces keep the functions' names; the map gives the source lines
  // (node --enable-source-maps dist/server.mjs).
  keepNames: true,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
});
// The entry enables Node's compile cache, kept in dist/compile-cache/ (it
// goes where the build goes, into the container too), before it loads the
// bundle, so the bundle's compiled code is kept on disk and reused by the
// next start.
writeFileSync(
  ENTRY,
  `// Built by scripts/build.ts: Node's compile cache, then the bundled server.
import { enableCompileCache } from "node:module";
import { fileURLToPath } from "node:url";
enableCompileCache(fileURLToPath(new URL("./${CACHE_DIR}/", import.meta.url)));
await import("./server.bundle.mjs");
`,
);
const inputs = Object.keys(result.metafile.inputs).length;
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".mjs"));
const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `built ${ENTRY} (${OUT}): ${inputs} modules, ${(bytes / 1e6).toFixed(1)} MB in ${outputs.length} files, in ${(performance.now() - started).toFixed(0)} ms\n`,
);
const dataDir = process.env.DATA_DIR || "data";
try {
  const { stamp } = writeDatasetStamp(dataDir, "npm run build");
  process.stdout.write(
    `stamped ${dataDir}/ (version ${stamp.version}, sha256 ${stamp.data.slice(0, 12)}): its checks passed on ${stamp.days} served jurisdiction-days, and start-up will skip them\n`,
  );
} catch (error) {
  if (!(error instanceof DatasetError)) throw error;
  process.stdout.write(
    `${dataDir}/ not stamped: ${error.message}\nThe server will check it at start, and refuse it.\n`,
  );
}

// One start of the server it built, on a throwaway database, from an empty
// folder (no .env is read) with none of this environment's settings: Node
// writes the compiled code of that start into dist/compile-cache/ when it
// exits, so the first real start after a build is as quick as the later
// ones. A failure here costs only that: the first start compiles instead.
const warm = await warmCompileCache(dataDir);
process.stdout.write(
  warm === null
    ? `filled dist/${CACHE_DIR}/ (Node's compile cache) with one start\n`
    : `dist/${CACHE_DIR}/ not filled (${warm}); the first start will compile the bundle\n`,
);

async function warmCompileCache(data: string): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), "cls-build-warm-"));
  const child = spawn(process.execPath, [resolve(ENTRY)], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dir, "warm.db")}`,
      DATA_DIR: resolve(data),
      MAIL_OUTBOX_DIR: join(dir, "outbox"),
      SHUTDOWN_GRACE_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const started = new Promise<string | null>((done) => {
    const timer = setTimeout(() => done("no answer within 60 s"), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("serving the API at")) {
        clearTimeout(timer);
        done(null);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      done(`it exited with ${code}: ${output.trim().split("\n").at(-1) ?? ""}`);
    });
  });
  const problem = await started;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
  return problem;
}
