/**
 * The process's entry (`npm run dev`, and what `npm run build` bundles for
 * `npm start`): turns on Node's compile cache, which keeps the compiled
 * (and type-stripped) modules on disk between runs, then runs the process
 * (src/start.ts). The process is imported after the cache is on, not by a
 * static import (that would run first). Before anything else, one entry of
 * Node's nextTick queue is kept alive, so that a garbage collection during
 * start-up cannot slow every later request (src/lib/tick-shapes.ts).
 */
import { enableCompileCache } from "node:module";
import { keepTickShapes } from "./lib/tick-shapes.ts";

keepTickShapes();
enableCompileCache();
await import("./start.ts");
