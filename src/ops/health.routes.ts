/**
 * Liveness and readiness. `/healthz` answers while the process runs;
 * `/readyz` answers 200 only when the service can serve: the dataset is
 * loaded, every configured dependency answers its probe, and the process is
 * not draining for shutdown (so a load balancer stops sending traffic first).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";

/**
 * A dependency check for /readyz; resolves true when the dependency answers.
 * A `degradable` dependency (Redis) has a fallback: while it is unreachable
 * the instance still serves, and /readyz answers 200 with status `degraded`
 * rather than taking every instance out of the load balancer at once.
 */
export type ReadinessProbe = { name: string; check: () => Promise<boolean>; degradable?: boolean };

export type Lifecycle = { draining: boolean };

export type HealthOptions = {
  probes: readonly ReadinessProbe[];
  lifecycle: Lifecycle;
  /** Facts shown in /readyz `checks` that do not decide readiness (e.g. the limiter's mode). */
  details?: () => Promise<Record<string, string>>;
};

const Health = Type.Object({
  status: Type.String(),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const PROBE_TIMEOUT_MS = 1_000;

async function runProbe(probe: ReadinessProbe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe.check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const schema = (summary: string) => ({
    tags: ["operations"],
    summary,
    response: { 200: Health, 503: Health },
  });
  app.get("/healthz", { schema: schema("Liveness: the process is up") }, (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );
  app.get(
    "/readyz",
    { schema: schema("Readiness: dataset loaded, dependencies reachable") },
    async (_request, reply) => {
      const checks: Record<string, string> = { dataset: "ok" };
      const results = await Promise.all(options.probes.map(runProbe));
      let degraded = false;
      let ready = !options.lifecycle.draining;
      options.probes.forEach((probe, index) => {
        if (results[index]) checks[probe.name] = "ok";
        else if (probe.degradable) {
          checks[probe.name] = "unreachable";
          degraded = true;
        } else {
          checks[probe.name] = "unreachable";
          ready = false;
        }
      });
      if (options.details) Object.assign(checks, await options.details());
      if (options.lifecycle.draining) checks.lifecycle = "draining";
      const status = !ready ? "not_ready" : degraded ? "degraded" : "ready";
      return reply
        .code(ready ? 200 : 503)
        .header("cache-control", "no-store")
        .send({ status, checks });
    },
  );
}
