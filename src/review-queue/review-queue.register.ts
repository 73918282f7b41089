/**
 * The review queue, registered by the composition root (src/app.ts):
 * readers' "Suggest a correction" form beside every value of a state page,
 * and /maintain for maintainers (docs/DATA.md, "Hearing of new law";
 * decision 0027). The watch of official sources is a command
 * (`npm run data:watch`), not part of the server: the server only shows
 * what it found.
 */
import type { FastifyInstance } from "fastify";
import type { LiveLaw } from "../dataset/law.live.ts";
import type { Database } from "../db/database.ts";
import type { Clock } from "../lib/clock.ts";
import type { Deliver } from "../mail/mailer.ts";
import type { RateLimiter } from "../rate-limit/rate-limit.ts";
import type { PagePluginOptions } from "../web/layout.ts";
import { maintainRoutes } from "./maintain.routes.ts";
import type { ReviewCurrency } from "./review-queue.currency.ts";
import { suggestionsRoutes } from "./suggestions.routes.ts";

export { createReviewCurrency } from "./review-queue.currency.ts";
export { addCorrectionLinks } from "./review-queue.fields.ts";

export async function registerReviewQueue(
  app: FastifyInstance,
  options: PagePluginOptions & {
    db: Database;
    clock: Clock;
    live: LiveLaw;
    deliver: Deliver;
    origin: string;
    /** The shared limiter: suggestions per client network, counted by every instance together. */
    limiter: RateLimiter;
    currency: ReviewCurrency;
  },
): Promise<void> {
  const { db, clock, live, deliver, origin, limiter, currency, pageContext, protect } = options;
  await app.register(suggestionsRoutes, {
    db,
    clock,
    limiter,
    dataset: () => live.current().readable,
    pageContext,
    protect,
  });
  await app.register(maintainRoutes, {
    db,
    clock,
    deliver,
    origin,
    currency,
    pageContext,
    protect,
  });
}
