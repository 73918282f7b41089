import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../../src/db/database.ts";
import { reviewQueueContract } from "./review-queue.contract.ts";

reviewQueueContract("SQLite in memory", {
  open: async () => ({ database: createDatabase("sqlite::memory:"), dispose: async () => {} }),
});

reviewQueueContract("SQLite file", {
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-review-"));
    return {
      database: createDatabase(`sqlite:${join(dir, "cls.db")}`),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
});
