/**
 * Polls `condition` every `everyMs` until it holds, failing after
 * `timeoutMs` (tests wait for a condition, never a fixed sleep). Resolves to
 * how long it took, in milliseconds.
 */
export async function until(
  what: string,
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
  everyMs = 20,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
