import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../../src/db/database.ts";
import { storageContract } from "./storage.contract.ts";

storageContract("SQLite in memory", {
  open: async () => ({ database: createDatabase("sqlite::memory:"), dispose: async () => {} }),
});

storageContract("SQLite file", {
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), "cls-storage-"));
    return {
      database: createDatabase(`sqlite:${join(dir, "cls.db")}`),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
});
