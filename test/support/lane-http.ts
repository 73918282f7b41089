/**
 * Raw HTTP for the lane suites (test/api/fast-lane.test.ts,
 * test/api/early-lane.test.ts): a request over loopback with no agent, the
 * answer's status, headers and undecoded bytes, and the part of an answer
 * two paths must give alike.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";

export type Sent = { method: string; path: string; headers: Record<string, string> };
export type Answer = { status: number; headers: Record<string, string>; body: Buffer };

export function send(port: number, { method, path, headers }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, method, path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What must match: everything but the date and the request id (a fresh UUID in both). */
export function comparable(answer: Answer) {
  const { date: _date, "x-request-id": id, ...headers } = answer.headers;
  assert.match(id ?? "", UUID);
  let body = answer.body.toString("base64");
  if ((headers["content-type"] ?? "").startsWith("application/problem+json")) {
    body = answer.body.toString("utf8").replace(/"request_id":"[^"]*"/, '"request_id":"…"');
  }
  return { status: answer.status, headers, body };
}
