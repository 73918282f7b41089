/**
 * Schema migrations, in code, for SQLite and PostgreSQL alike (portable
 * types only: text, integer). Run at start-up and by `npm run migrate`.
 *
 * On PostgreSQL several instances may start at once: the whole run (creating
 * Kysely's bookkeeping tables included) holds a session advisory lock keyed
 * by the schema, so exactly one instance migrates and the others wait, then
 * find nothing left to do.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import { Migrator } from "kysely/migration";

const migrations: Record<string, Migration> = {
  "0001_accounts_sessions_api_keys": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("password_changed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
      await db.schema
        .createTable("api_keys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("last_used_at", "text")
        .addColumn("create_nonce", "text")
        .execute();
      await db.schema.createIndex("api_keys_user_id").on("api_keys").column("user_id").execute();
      await db.schema
        .createIndex("api_keys_user_nonce")
        .on("api_keys")
        .columns(["user_id", "create_nonce"])
        .unique()
        .execute();
    },
  },
  "0002_key_usage_and_email": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("api_key_usage")
        .addColumn("key_id", "text", (c) =>
          c.notNull().references("api_keys.id").onDelete("cascade"),
        )
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("requests", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("limited", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("api_key_usage_pk", ["key_id", "day"])
        .execute();
      await db.schema.alterTable("api_keys").addColumn("expiry_notice_at", "text").execute();
      await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
      await db.schema
        .createTable("email_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("email_tokens_user_purpose")
        .on("email_tokens")
        .columns(["user_id", "purpose"])
        .execute();
    },
  },
  "0003_webhooks": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("webhook_endpoints")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("event_types", "text", (c) => c.notNull())
        .addColumn("jurisdictions", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("create_nonce", "text", (c) => c.notNull())
        .addColumn("failing_since", "text")
        .addColumn("disabled_at", "text")
        .addColumn("disabled_reason", "text")
        .execute();
      await db.schema
        .createIndex("webhook_endpoints_user_nonce")
        .on("webhook_endpoints")
        .columns(["user_id", "create_nonce"])
        .unique()
        .execute();
      await db.schema
        .createTable("webhook_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("jurisdiction", "text")
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("event_id", "text", (c) =>
          c.notNull().references("webhook_events.id").onDelete("cascade"),
        )
        .addColumn("endpoint_id", "text", (c) =>
          c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
        )
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("lease_until", "text")
        .addColumn("lease_token", "text")
        .addColumn("last_attempt_at", "text")
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("last_duration_ms", "integer")
        .execute();
      // The one key that decides "enqueued once per endpoint", however many
      // instances fan the same event out at the same time.
      await db.schema
        .createIndex("webhook_deliveries_event_endpoint")
        .on("webhook_deliveries")
        .columns(["event_id", "endpoint_id"])
        .unique()
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_due")
        .on("webhook_deliveries")
        .columns(["state", "next_attempt_at"])
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_endpoint")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "created_at"])
        .execute();
      await db.schema
        .createTable("webhook_attempts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("delivery_id", "text", (c) =>
          c.notNull().references("webhook_deliveries.id").onDelete("cascade"),
        )
        .addColumn("endpoint_id", "text", (c) =>
          c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
        )
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("attempt", "integer", (c) => c.notNull())
        .addColumn("attempted_at", "text", (c) => c.notNull())
        .addColumn("status_code", "integer")
        .addColumn("error", "text")
        .addColumn("duration_ms", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_attempts_endpoint_time")
        .on("webhook_attempts")
        .columns(["endpoint_id", "attempted_at"])
        .execute();
      await db.schema
        .createIndex("webhook_attempts_delivery")
        .on("webhook_attempts")
        .column("delivery_id")
        .execute();
      await db.schema
        .createTable("dataset_releases")
        .addColumn("version", "text", (c) => c.primaryKey())
        .addColumn("first_served_at", "text", (c) => c.notNull())
        .execute();
    },
  },
  "0004_webhook_fairness_and_rotation": {
    async up(db: Kysely<unknown>) {
      const endpoints = db.schema.alterTable("webhook_endpoints");
      // Round-robin between endpoints, and the circuit breaker (webhook.claim.ts).
      await endpoints.addColumn("last_claimed_at", "text").execute();
      await endpoints.addColumn("paused_until", "text").execute();
      await endpoints
        .addColumn("timeouts_in_a_row", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // The owner is told of a disabled endpoint at most once a day.
      await endpoints.addColumn("disabled_notice_at", "text").execute();
      // Secret rotation: the previous secret also signs until it expires.
      await endpoints.addColumn("previous_secret", "text").execute();
      await endpoints.addColumn("previous_secret_expires_at", "text").execute();
      // Deliveries made by hand (test events, resends) are tried once: no day of retries.
      await db.schema.alterTable("webhook_deliveries").addColumn("give_up_at", "text").execute();
      await db.schema
        .createIndex("webhook_deliveries_endpoint_state")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "state", "next_attempt_at"])
        .execute();
      // What is in flight (leased) per endpoint: few rows, counted at every claim.
      await db.schema
        .createIndex("webhook_deliveries_endpoint_lease")
        .on("webhook_deliveries")
        .columns(["endpoint_id", "lease_until"])
        .execute();
      // URLs were stored as typed (trimmed); store them as the URL parser
      // writes them, so no stored URL carries a line break or a control
      // character. One that does not parse any more is disabled.
      const rows = await sql<{
        id: string;
        url: string;
      }>`select id, url from webhook_endpoints`.execute(db);
      for (const row of rows.rows) {
        let href: string | null = null;
        try {
          href = new URL(row.url).href;
        } catch {
          href = null;
        }
        if (href === row.url) continue;
        if (href === null) {
          await sql`update webhook_endpoints set disabled_at = ${new Date().toISOString()}, disabled_reason = ${"Its URL is not valid."} where id = ${row.id} and disabled_at is null`.execute(
            db,
          );
        } else {
          await sql`update webhook_endpoints set url = ${href} where id = ${row.id}`.execute(db);
        }
      }
    },
  },
  "0006_review_queue": {
    async up(db: Kysely<unknown>) {
      // Accounts the operator made maintainers (npm run maintainers); no page grants it.
      await db.schema
        .createTable("maintainers")
        .addColumn("user_id", "text", (c) =>
          c.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("granted_at", "text", (c) => c.notNull())
        .execute();
      // What may need a change of the data: documents and bills the watch
      // found, and readers' suggested corrections (src/review-queue/).
      await db.schema
        .createTable("review_items")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("origin", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("source_id", "text", (c) => c.notNull().unique())
        .addColumn("jurisdiction", "text", (c) => c.notNull())
        .addColumn("field", "text")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("url", "text")
        .addColumn("item_date", "text")
        .addColumn("effective_date", "text")
        .addColumn("citation", "text")
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("proposed_value", "text")
        .addColumn("contact_email", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("decided_by", "text")
        .addColumn("decided_at", "text")
        .addColumn("decision_reason", "text")
        .addColumn("duplicate_of", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("review_items_status_created")
        .on("review_items")
        .columns(["status", "created_at"])
        .execute();
      await db.schema
        .createIndex("review_items_origin_status")
        .on("review_items")
        .columns(["origin", "status"])
        .execute();
      await db.schema
        .createIndex("review_items_jurisdiction")
        .on("review_items")
        .columns(["jurisdiction", "created_at"])
        .execute();
      // Every decision, kept with the item (who: the maintainer's address then).
      await db.schema
        .createTable("review_decisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("item_id", "text", (c) =>
          c.notNull().references("review_items.id").onDelete("cascade"),
        )
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("decided_by", "text", (c) => c.notNull())
        .addColumn("decided_at", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("note", "text")
        .execute();
      await db.schema
        .createIndex("review_decisions_item")
        .on("review_decisions")
        .columns(["item_id", "decided_at"])
        .execute();
      // Where each watched source stopped (npm run data:watch).
      await db.schema
        .createTable("review_watch_state")
        .addColumn("source", "text", (c) => c.primaryKey())
        .addColumn("cursor", "text")
        .addColumn("last_run_at", "text")
        .addColumn("last_success_at", "text")
        .addColumn("last_error", "text")
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; throws with the failing migration's name. Returns what was applied.
 * Takes a database of any table types (the migrations make the tables they describe), as
 * Kysely's own migrator does.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the tables it creates exist
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('cls_migrations:' || current_schema()))`.execute(
      connection,
    );
    try {
      // Kysely looks for its bookkeeping tables in every schema unless told
      // which one: name the current schema, or another schema's tables on
      // the same server would be taken for ours.
      const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        connection,
      );
      return await migrate(connection, current.rows[0]?.schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtext('cls_migrations:' || current_schema()))`.execute(
        connection,
      );
    }
  });
}

async function migrate(db: Kysely<unknown>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error !== undefined) {
    throw new Error(`migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
