/**
 * argon2id is the most expensive thing the service does (19 MiB and tens of
 * milliseconds of a core per check), so every password hash or check goes
 * through this gate.
 *
 * Guarantees:
 * - at most `concurrency` argon2 computations run at once;
 * - waiting work is served round-robin across clients (an IPv4 address or
 *   an IPv6 /64), so one client flooding log-ins makes another client wait
 *   for at most one computation per busy slot, not for the whole flood;
 * - at most `maxQueued` jobs wait, and none waits longer than `maxWaitMs`:
 *   beyond either, the caller gets 503 `service_unavailable` with a
 *   `Retry-After`, instead of the server queueing without bound.
 */
import { AppError } from "../errors.ts";

export type PasswordGatePolicy = {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
};

export type PasswordGate = {
  /** Runs `work` when a slot is free and it is this client's turn. */
  run: <T>(client: string, work: () => Promise<T>) => Promise<T>;
  /** Jobs running and waiting (for tests and metrics). */
  load: () => { running: number; queued: number };
};

type Job = { start: () => void; timer: NodeJS.Timeout };

function busy(retryAfterSeconds: number): AppError {
  return new AppError(
    "service_unavailable",
    "Too many log-ins are being checked right now. Please retry in a moment.",
    { headers: { "retry-after": String(retryAfterSeconds) } },
  );
}

export function createPasswordGate(policy: PasswordGatePolicy): PasswordGate {
  let running = 0;
  let queued = 0;
  /** Waiting jobs per client; Map order is the round-robin order. */
  const waiting = new Map<string, Job[]>();

  const next = () => {
    while (running < policy.concurrency && waiting.size > 0) {
      const [client, jobs] = waiting.entries().next().value as [string, Job[]];
      const job = jobs.shift() as Job;
      waiting.delete(client);
      // The client goes to the back of the line if it has more waiting.
      if (jobs.length > 0) waiting.set(client, jobs);
      queued--;
      clearTimeout(job.timer);
      job.start();
    }
  };

  const run = <T>(client: string, work: () => Promise<T>): Promise<T> => {
    const execute = async (): Promise<T> => {
      running++;
      try {
        return await work();
      } finally {
        running--;
        next();
      }
    };
    if (running < policy.concurrency && waiting.size === 0) return execute();
    if (queued >= policy.maxQueued)
      return Promise.reject(busy(Math.max(1, Math.ceil(policy.maxWaitMs / 1000))));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        start: () => execute().then(resolve, reject),
        timer: setTimeout(() => {
          const jobs = waiting.get(client);
          const index = jobs?.indexOf(job) ?? -1;
          if (jobs === undefined || index < 0) return;
          jobs.splice(index, 1);
          if (jobs.length === 0) waiting.delete(client);
          queued--;
          reject(busy(Math.max(1, Math.ceil(policy.maxWaitMs / 1000))));
        }, policy.maxWaitMs),
      };
      job.timer.unref();
      const jobs = waiting.get(client);
      if (jobs === undefined) waiting.set(client, [job]);
      else jobs.push(job);
      queued++;
    });
  };

  return { run, load: () => ({ running, queued }) };
}
