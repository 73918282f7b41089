/**
 * The project's folder, for files the server reads at run time (the
 * website's assets). This module sits one folder below it, as does the
 * bundled server (dist/server.bundle.mjs, scripts/build.ts), so the same
 * relative URL finds it from the sources and from the bundle.
 */
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));
