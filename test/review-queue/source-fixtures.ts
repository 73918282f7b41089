/**
 * The Federal Register API and Open States API v3 on loopback, answering
 * from recorded fixtures (fixtures/*.json, each saying where its shape comes
 * from). Like the real APIs, each honours its "since" parameter
 * (`conditions[publication_date][gte]`, `action_since`) and pages; Open
 * States refuses a request without its key. A source can be made to fail
 * (HTTP 503) or to answer something that is not the documented JSON.
 * Tests never reach the real APIs.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type FederalPage = { results: { publication_date: string }[]; [key: string]: unknown };
type Bill = { latest_action_date: string };

const federal = JSON.parse(
  readFileSync(new URL("./fixtures/federal-register.documents.json", import.meta.url), "utf8"),
) as { pages: FederalPage[] };
const bills = JSON.parse(
  readFileSync(new URL("./fixtures/openstates.bills.json", import.meta.url), "utf8"),
) as { results: Bill[]; pagination: Record<string, number> };

export const OPENSTATES_TEST_KEY = "test-key-0123456789";

export type Behaviour = "ok" | "fail" | "garbage" | "wrong-shape";

export type SourceFixtures = {
  /** FEDERAL_REGISTER_API_URL for this server. */
  federalRegisterUrl: string;
  /** OPENSTATES_API_URL for this server. */
  openStatesUrl: string;
  requests: { url: URL; headers: IncomingHttpHeaders }[];
  behaviour: { federal: Behaviour; openstates: Behaviour };
  close: () => Promise<void>;
};

export async function startSourceFixtures(): Promise<SourceFixtures> {
  const requests: SourceFixtures["requests"] = [];
  const behaviour: SourceFixtures["behaviour"] = { federal: "ok", openstates: "ok" };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push({ url, headers: request.headers });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const which =
      url.pathname === "/api/v1/documents.json"
        ? "federal"
        : url.pathname === "/bills"
          ? "openstates"
          : null;
    if (which === null) return send(404, { status: 404, message: "not found" });
    const mode = behaviour[which];
    if (mode === "fail")
      return send(503, { errors: { status: 503, message: "Service Unavailable" } });
    if (mode === "garbage") return send(200, "<html><body>Maintenance</body></html>");
    if (mode === "wrong-shape") return send(200, { results: "none" });
    const page = Number(url.searchParams.get("page") ?? "1");
    if (which === "federal") {
      const since = url.searchParams.get("conditions[publication_date][gte]") ?? "0000-00-00";
      // Like the real API: only documents published since, paged.
      const all = federal.pages
        .flatMap((p) => p.results)
        .filter((doc) => doc.publication_date >= since);
      const perPage = 2;
      const results = all.slice((page - 1) * perPage, page * perPage);
      const more = all.length > page * perPage;
      const shape = { ...(federal.pages[0] as FederalPage) };
      delete shape.next_page_url;
      return send(200, {
        ...shape,
        count: all.length,
        total_pages: Math.max(1, Math.ceil(all.length / perPage)),
        ...(more ? { next_page_url: `${url.origin}${url.pathname}?page=${page + 1}` } : {}),
        results,
      });
    }
    if (request.headers["x-api-key"] !== OPENSTATES_TEST_KEY)
      return send(401, { detail: "invalid API key" });
    const since = url.searchParams.get("action_since") ?? "0000-00-00";
    const results = bills.results
      .filter((bill) => bill.latest_action_date >= since)
      .sort((a, b) => (a.latest_action_date < b.latest_action_date ? -1 : 1));
    return send(200, {
      results,
      pagination: { per_page: 20, page, max_page: 1, total_items: results.length },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    federalRegisterUrl: `http://127.0.0.1:${port}/api/v1`,
    openStatesUrl: `http://127.0.0.1:${port}`,
    requests,
    behaviour,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
