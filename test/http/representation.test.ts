import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import {
  buildRepresentation,
  ENCODINGS,
  etagFor,
  matchesIfNoneMatch,
  negotiateEncoding,
  sendRepresentation,
} from "../../src/http/representation.ts";

const BODY = JSON.stringify({ data: "x".repeat(4096) });

async function appServing(options: Parameters<typeof buildRepresentation>[1] = {}) {
  const representation = buildRepresentation(BODY, options);
  const app = Fastify();
  app.get("/body", (request, reply) =>
    sendRepresentation(request, reply, representation, {
      cacheControl: "public, max-age=60",
      contentType: "application/json; charset=utf-8",
      vary: "Accept-Encoding",
    }),
  );
  await app.ready();
  return { app, representation };
}

describe("a representation", () => {
  test("has one strong ETag per encoding, all different, made from its bytes", () => {
    const representation = buildRepresentation(BODY);
    const { etags } = representation;
    assert.equal(new Set([etags.identity, etags.br, etags.gzip]).size, 3);
    for (const etag of Object.values(etags))
      assert.match(etag, /^"[A-Za-z0-9_-]{27}(-br|-gzip)?"$/);
    assert.equal(etags.identity, etagFor(representation.tag, "identity"));
    assert.equal(
      buildRepresentation(Buffer.from(BODY)).etags.br,
      etags.br,
      "string or bytes alike",
    );
    assert.notEqual(buildRepresentation(`${BODY} `).tag, representation.tag);
  });

  test("any variant's ETag matches If-None-Match, weak or strong, in a list or as *", () => {
    const { tag, etags } = buildRepresentation(BODY);
    for (const etag of Object.values(etags)) {
      assert.ok(matchesIfNoneMatch(etag, tag), etag);
      assert.ok(matchesIfNoneMatch(`W/${etag}`, tag), `W/${etag}`);
      assert.ok(matchesIfNoneMatch(`"other", ${etag}`, tag));
    }
    assert.ok(matchesIfNoneMatch("*", tag));
    assert.equal(matchesIfNoneMatch(undefined, tag), false);
    assert.equal(matchesIfNoneMatch(`"${tag}-identity"`, tag), false);
    assert.equal(matchesIfNoneMatch(`"${tag}x"`, tag), false);
  });

  test("negotiates br before gzip, by the client's q-values, identity otherwise", () => {
    assert.equal(negotiateEncoding(undefined), "identity");
    assert.equal(negotiateEncoding(""), "identity");
    assert.equal(negotiateEncoding("gzip, deflate, br"), "br");
    assert.equal(negotiateEncoding("gzip"), "gzip");
    assert.equal(negotiateEncoding("br;q=0, gzip"), "gzip");
    assert.equal(negotiateEncoding("deflate"), "identity");
  });

  test("compressed variants decompress to the identity bytes", async () => {
    const representation = buildRepresentation(BODY, { brotliQuality: 5 });
    assert.equal(representation.encoded("br"), null, "made off the loop, not yet ready");
    await representation.compressed();
    const br = representation.encoded("br");
    const gzip = representation.encoded("gzip");
    assert.ok(br && gzip);
    assert.ok(brotliDecompressSync(br).equals(representation.identity));
    assert.ok(gunzipSync(gzip).equals(representation.identity));
  });

  test("synchronous compression answers the first request that asks; not compressible never compresses", async () => {
    const now = buildRepresentation(BODY, { synchronous: true });
    for (const encoding of ENCODINGS) assert.ok(now.encoded(encoding), encoding);
    const never = buildRepresentation(BODY, { compressible: false });
    await never.compressed();
    for (const encoding of ENCODINGS) assert.equal(never.encoded(encoding), null, encoding);
  });
});

describe("sending a representation", () => {
  test("each encoding is sent with its own ETag, and each ETag gets a 304", async () => {
    const { app, representation } = await appServing();
    await representation.compressed();
    const seen = new Map<string, string>();
    for (const [acceptEncoding, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["", undefined],
    ] as const) {
      const response = await app.inject({
        url: "/body",
        headers: { "accept-encoding": acceptEncoding },
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers["content-encoding"], encoding);
      assert.equal(response.headers.vary, "Accept-Encoding");
      assert.equal(response.headers["cache-control"], "public, max-age=60");
      seen.set(String(response.headers.etag), acceptEncoding);
    }
    assert.equal(seen.size, 3, "three encodings, three ETags");
    for (const etag of seen.keys()) {
      for (const acceptEncoding of ["br", "gzip", ""]) {
        const cached = await app.inject({
          url: "/body",
          headers: { "accept-encoding": acceptEncoding, "if-none-match": etag },
        });
        assert.equal(cached.statusCode, 304, `${etag} asked with ${acceptEncoding}`);
        assert.equal(cached.body, "");
      }
    }
    await app.close();
  });

  test("until a variant is ready, the identity bytes go with the identity ETag", async () => {
    const { app, representation } = await appServing();
    const response = await app.inject({ url: "/body", headers: { "accept-encoding": "br" } });
    assert.equal(response.headers["content-encoding"], undefined);
    assert.equal(response.headers.etag, representation.etags.identity);
    assert.equal(response.body, BODY);
    await app.close();
  });
});
