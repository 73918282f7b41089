/**
 * What the webhook benches share: one dispatcher per database handle (one
 * instance each), sending through the SSRF guard with 127.0.0.1 allowed,
 * and closing them together.
 */
import type { DatabaseHandle } from "../src/db/database.ts";
import { systemClock } from "../src/lib/clock.ts";
import { createAddressPolicy, createGuardedAgents } from "../src/webhooks/webhook.address-guard.ts";
import { createWebhookDispatcher } from "../src/webhooks/webhook.dispatcher.ts";
import { createWebhookSender } from "../src/webhooks/webhook.sender.ts";

export function loopbackDispatchers(handles: readonly DatabaseHandle[], concurrency: number) {
  const agents = handles.map(() =>
    createGuardedAgents({ policy: createAddressPolicy(["127.0.0.1"]), maxSockets: concurrency }),
  );
  const dispatchers = handles.map((handle, index) =>
    createWebhookDispatcher({
      db: handle.db,
      clock: systemClock,
      send: createWebhookSender(agents[index] as ReturnType<typeof createGuardedAgents>),
      concurrency,
      log: { warn: (fields, message) => console.warn(message, fields), error: console.error },
    }),
  );
  return {
    dispatchers,
    /** Stops every dispatcher, then closes their agents. */
    close: async () => {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
      for (const agent of agents) agent.close();
    },
  };
}
