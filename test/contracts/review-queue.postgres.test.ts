import { createDatabase } from "../../src/db/database.ts";
import { createTestSchema, POSTGRES_URL, skipUnlessReachable } from "../support/backends.ts";
import { reviewQueueContract } from "./review-queue.contract.ts";

reviewQueueContract("PostgreSQL", {
  skip: () => skipUnlessReachable("PostgreSQL", POSTGRES_URL),
  open: async () => {
    const schema = await createTestSchema();
    return { database: createDatabase(schema.url), dispose: schema.drop };
  },
});
