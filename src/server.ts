/**
 * The process's entry (`npm run dev`, and what `npm run build` bundles for
 * `npm start`): turns on Node's compile cache, which keeps the compiled
 * (and type-stripped) modules on disk between runs, then runs the process
 * (src/start.ts). The process is imported after the cache is on, not by a
 * static import (that would run first).
 */
import { enableCompileCache } from "node:module";

enableCompileCache();
await import("./start.ts");
