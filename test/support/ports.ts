/**
 * A TCP port on 127.0.0.1 that was free a moment ago: listen on port 0, read
 * it, close. Another process may take it before it is bound again, on a busy
 * machine: prefer a listener that binds port 0 itself and reports its port
 * (the server logs it: `spawnServer(...).port()`, `listeningPort(child)`),
 * as the scale harness and the server-process tests do. Left for an
 * in-process app whose PUBLIC_BASE_URL must name its port before it is built.
 */
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
