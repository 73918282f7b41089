/**
 * Outgoing webhooks, registered by the composition root (src/app.ts): a
 * queue in the database, emptied in the background by this instance's
 * dispatcher (src/webhooks/, decision 0021); the events of the law in
 * force and of a new dataset release; the /account/webhooks pages.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createAccountNotices } from "../accounts/account-notices.ts";
import { type Config, isDevelopment } from "../config.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import { isPublished } from "../dataset/dataset.source.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import { webhookDisabledMail } from "../mail/messages.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import type { PagePluginOptions } from "../web/layout.ts";
import {
  readAnnouncements,
  releaseEvents,
  tookEffectEvents,
  tookEffectToday,
} from "./law-events.ts";
import { createAddressPolicy, createGuardedAgents, type Lookup } from "./webhook.address-guard.ts";
import { createWebhookDispatcher } from "./webhook.dispatcher.ts";
import { announceDatasetRelease, enqueueWebhookEvent } from "./webhook.enqueue.ts";
import type { WebhookEvent } from "./webhook.events.ts";
import { queueStats } from "./webhook.housekeeping.ts";
import { createWebhookSender } from "./webhook.sender.ts";
import { createWebhookActionThrottle } from "./webhook.throttle.ts";
import { endpointHost, webhooksPages } from "./webhooks.routes.ts";

/** How long after the app is ready the release is announced and today's changes queued. */
const ANNOUNCE_AFTER_MS = 1_000;

/**
 * The dispatcher (started once the app is ready, stopped on close), the
 * events it delivers — law.took_effect as the law in force changes; at a
 * new release, dataset.released, law.enacted and record.corrected (queued a
 * second after the app is ready) — and the
 * webhook pages, whose actions by hand are charged to the shared `limiter`.
 * A disabled endpoint's owner is mailed only at a confirmed address
 * (account-notices.ts), the endpoint named by its host.
 */
export async function registerWebhooks(
  app: FastifyInstance,
  options: PagePluginOptions & {
    config: Config;
    db: Database;
    clock: Clock;
    metrics: Metrics;
    live: LiveLaw;
    /** The release this server started with. */
    manifest: Dataset["manifest"];
    deliver: Deliver;
    origin: string;
    /** The shared limiter: test events, resends, enables and secret rolls per endpoint and account. */
    limiter: RateLimiter;
    /** How deliveries resolve host names (`dns.lookup` by default); every address is still checked. */
    lookup: Lookup | undefined;
  },
): Promise<void> {
  const { config, db, clock, metrics, live, manifest, deliver, origin, limiter } = options;
  const { pageContext, protect } = options;
  const notify = createAccountNotices(db, deliver, app.log);
  const addressPolicy = createAddressPolicy(config.webhooks.allowedPrivateHosts);
  const webhookAgents = createGuardedAgents({
    policy: addressPolicy,
    maxSockets: config.webhooks.concurrency,
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  });
  const dispatcher = createWebhookDispatcher({
    db,
    clock,
    send: createWebhookSender(webhookAgents),
    concurrency: config.webhooks.concurrency,
    log: app.log,
    onOutcome: (outcome) => metrics.webhookDeliveries.inc({ outcome }),
    onEndpointDisabled: (endpoint) =>
      void notify(endpoint.userId, (email) =>
        webhookDisabledMail(
          email,
          { host: endpointHost(endpoint.url), reason: endpoint.reason },
          origin,
        ),
      ),
  });
  metrics.webhookQueue.read = () => queueStats(db, clock.now());
  // A law taking effect, in this running server: enqueued by every instance
  // that sees it, once per endpoint (the ids are the same everywhere).
  live.onChange((change) => {
    for (const event of tookEffectEvents(change, origin)) {
      enqueueWebhookEvent(db, event, clock).then(
        () => dispatcher.wake(),
        (error: unknown) =>
          app.log.error({ err: error, event: event.id }, "could not queue law.took_effect"),
      );
    }
  });
  // The release's announcement waits a second after the app is ready, so a
  // start answers its first requests before it (on a fresh database it
  // computes and queues every event of the release: ~50 ms).
  let announcing: Promise<void> = Promise.resolve();
  let announceTimer: NodeJS.Timeout | undefined;
  const announce = async () => {
    try {
      const enqueue = (events: readonly WebhookEvent[]) =>
        Promise.all(events.map((event) => enqueueWebhookEvent(db, event, clock)));
      // Data that are not a published release's bytes announce nothing (docs/DATA.md, "Versions").
      if (
        isPublished(manifest.version) &&
        (await announceDatasetRelease(db, manifest, origin, clock))
      ) {
        const announcements = readAnnouncements(join(config.dataDir, "releases"), manifest.version);
        const events = releaseEvents(live.model, announcements, origin);
        await enqueue(events);
        app.log.info(
          { dataset_version: manifest.version, law_events: events.length },
          "dataset release recorded; dataset.released, law.enacted and record.corrected queued for webhook endpoints",
        );
      }
      await enqueue(tookEffectToday(live.model, clock.now(), origin));
      dispatcher.wake();
    } catch (error) {
      app.log.error({ err: error }, "could not record the dataset release for webhooks");
    }
  };
  app.addHook("onReady", async () => {
    dispatcher.start();
    announceTimer = setTimeout(() => {
      announcing = announce();
    }, ANNOUNCE_AFTER_MS);
    announceTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearTimeout(announceTimer);
    await announcing;
    await dispatcher.stop();
    webhookAgents.close();
  });
  await app.register(webhooksPages, {
    db,
    clock,
    addressPolicy,
    development: isDevelopment(config),
    wakeDispatcher: () => dispatcher.wake(),
    throttleAction: createWebhookActionThrottle(limiter),
    pageContext,
    protect,
  });
}
