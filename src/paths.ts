/**
 * The project's folder, for files the server reads at run time (the
 * website's assets). This module sits one folder below it, as do the
 * bundled server and its chunks (dist/server.bundle.mjs, dist/chunk-*.mjs,
 * scripts/build.ts), so the same relative URL finds it from the sources and
 * from the bundle.
 */
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));
