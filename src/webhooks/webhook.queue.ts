/**
 * The delivery queue's names the webhooks pages use. The queue lives in
 * rooms: enqueue (webhook.enqueue.ts), claim with the queue's contract
 * (webhook.claim.ts), settle (webhook.settle.ts) and housekeeping
 * (webhook.housekeeping.ts).
 */
export { FAIRNESS } from "./webhook.claim.ts";
export { enqueueTestEvent, resendDelivery } from "./webhook.enqueue.ts";
export { SETTLED_RETENTION_MS } from "./webhook.housekeeping.ts";
