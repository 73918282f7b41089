/**
 * Federal law taking effect is a change of law like a state's: the law in
 * force moves at the start of its day in Eastern time, `law.took_effect` is
 * produced for it (jurisdiction `US`, with the federal rule every record
 * carries before and after) and delivered to endpoints following `US`, and
 * a release announces a federal law enacted for later with `law.enacted`.
 * The federal hemp redefinition (P.L. 119-37, § 781) took effect on
 * 2026-11-12.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { readDataset } from "../../src/dataset/dataset.load.ts";
import { type DataSource, sourceOf } from "../../src/dataset/dataset.source.ts";
import { timeZoneOf } from "../../src/dataset/jurisdictions.ts";
import { createLiveLaw, type LawChange } from "../../src/dataset/law.live.ts";
import { createLawModel, federalHempOn } from "../../src/dataset/law.ts";
import { planRelease } from "../../src/dataset/release.plan.ts";
import { createFakeClock } from "../../src/lib/clock.ts";
import { startOfDayIn } from "../../src/lib/zoned-time.ts";
import {
  announcementsOf,
  releaseEvents,
  tookEffectEvents,
  tookEffectToday,
} from "../../src/webhooks/law-events.ts";
import { buildTestApp, createTestDatabase, realDataset, type TestApp } from "../helpers.ts";
import { until } from "../support/wait.ts";
import { insertEndpoint, type Receiver, startReceiver } from "./receiver.ts";

const ORIGIN = "http://api.test";
const federal = realDataset().federal;
/** The event that set the federal hemp rule in force now. */
const hemp = federal.history.find(
  (event) => event.kind === "hemp" && event.effective === federal.hemp.effective,
);
const effective = hemp?.effective ?? "2026-11-12";
/** The start of the day the federal hemp rule took effect, in Eastern time. */
const moment = startOfDayIn(timeZoneOf("DC"), effective);
const rule = federalHempOn(federal, effective);

describe("federal law taking effect, in the law in force", () => {
  test("the law in force moves at the federal moment and announces the federal change", () => {
    assert.ok(hemp, "the dataset records the federal hemp redefinition");
    assert.equal(new Date(moment).toISOString(), "2026-11-12T05:00:00.000Z");
    const clock = createFakeClock(moment - 2_000);
    const live = createLiveLaw(createLawModel(realDataset()), clock);
    const changes: LawChange[] = [];
    live.onChange((change) => changes.push(change));
    const earlier = live.current();
    assert.equal(earlier.nextChangeAt, moment, "the next change is the federal one");
    assert.equal(earlier.dataset.byCode.get("NY")?.hemp.federal, null);

    clock.set(moment + 1_000);
    const now = live.current();
    assert.deepEqual(now.dataset.byCode.get("NY")?.hemp.federal, rule, "NY carries the rule");
    assert.equal(now.dataset.byCode.get("CA")?.hemp.federal, null, "not yet midnight in CA");
    const change = changes.find((item) => item.tookEffect.some((event) => event.id === hemp.id));
    assert.ok(change, "a change of the law in force names the federal event");

    const [event] = tookEffectEvents(change, ORIGIN).filter((item) => item.jurisdiction === "US");
    assert.ok(event, "law.took_effect for the federal event");
    assert.equal(event.type, "law.took_effect");
    assert.equal(event.timestamp, "2026-11-12T05:00:00.000Z");
    assert.ok(event.type === "law.took_effect");
    assert.deepEqual(event.data.jurisdiction, { code: "US", name: "United States (federal)" });
    assert.equal(event.data.event.id, hemp.id);
    assert.deepEqual(event.data.event.effective, effective);
    assert.deepEqual(event.data.changes, [{ field: "hemp.federal", before: null, after: rule }]);
    assert.deepEqual(event.data.links, {
      api: `${ORIGIN}/v1/federal`,
      page: `${ORIGIN}/federal`,
    });
  });

  test("a server started on the day announces it too, with the same id", () => {
    const model = createLawModel(realDataset());
    const clock = createFakeClock(moment - 2_000);
    const live = createLiveLaw(model, clock);
    const changes: LawChange[] = [];
    live.onChange((change) => changes.push(change));
    clock.set(moment + 1_000);
    live.current();
    const running = changes.flatMap((change) => tookEffectEvents(change, ORIGIN));
    const started = tookEffectToday(model, moment + 3 * 3_600_000, ORIGIN);
    const federalStarted = started.filter((event) => event.jurisdiction === "US");
    assert.deepEqual(
      federalStarted.map((event) => event.id),
      running.filter((event) => event.jurisdiction === "US").map((event) => event.id),
    );
    assert.equal(federalStarted.length, 1);
    const before = tookEffectToday(model, moment - 1_000, ORIGIN);
    assert.ok(!before.some((event) => event.jurisdiction === "US"));
  });

  test("a release that adds a federal law effective later announces law.enacted", () => {
    assert.ok(hemp);
    const { raw } = readDataset("data");
    const current = sourceOf(raw);
    const federalFile = current.federal as { history: { date: string; kind: string }[] };
    // The previous release: the same data without the hemp redefinition.
    const previous: DataSource = {
      ...current,
      federal: {
        ...federalFile,
        history: federalFile.history.filter(
          (event) => `US-${event.date}-${event.kind}` !== hemp.id,
        ),
      },
    };
    const model = createLawModel(realDataset());
    const plan = planRelease(previous, current);
    const events = releaseEvents(model, announcementsOf(plan, model, "2025.11.01"), ORIGIN);
    const enacted = events.find(
      (event) => event.type === "law.enacted" && event.data.event.id === hemp.id,
    );
    assert.ok(enacted?.type === "law.enacted", "law.enacted for the federal hemp redefinition");
    assert.equal(enacted.jurisdiction, "US");
    assert.deepEqual(enacted.data.changes, [{ field: "hemp.federal", before: null, after: rule }]);
    assert.ok(
      !events.some((event) => event.type === "record.corrected"),
      "a new law is no correction",
    );
    const known = releaseEvents(
      model,
      announcementsOf(planRelease(current, current), model, "2025.11.01"),
      ORIGIN,
    );
    assert.deepEqual(known, [], "announced once: a release that adds nothing announces nothing");
  });
});

describe("federal law taking effect, delivered", () => {
  const clock = createFakeClock(moment - 2_000);
  let app: TestApp;
  let receiver: Receiver;
  let secret = "";
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  before(async () => {
    receiver = await startReceiver();
    database = await createTestDatabase();
    app = await buildTestApp(
      { database, clock, lawClock: clock },
      { WEBHOOK_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const followed = await insertEndpoint(database.db, receiver.url, {
      eventTypes: ["law.took_effect"],
      jurisdictions: ["US"],
    });
    secret = followed.secret;
  });
  after(async () => {
    await app.close();
    await database.close();
    await receiver.close();
  });

  test("an endpoint following US receives law.took_effect, signed, at the federal moment", async (t) => {
    assert.ok(hemp);
    clock.set(moment + 1_000);
    await until("law.took_effect at the receiver", () => receiver.received.length > 0, 5_000);
    const [request] = receiver.received;
    assert.ok(request);
    t.mock.timers.enable({ apis: ["Date"], now: clock.now() });
    const payload = new Webhook(secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    }) as {
      type: string;
      timestamp: string;
      data: { jurisdiction: { code: string }; event: { id: string }; changes: { field: string }[] };
    };
    t.mock.timers.reset();
    assert.equal(payload.type, "law.took_effect");
    assert.equal(payload.timestamp, "2026-11-12T05:00:00.000Z");
    assert.equal(payload.data.jurisdiction.code, "US");
    assert.equal(payload.data.event.id, hemp.id);
    assert.deepEqual(
      payload.data.changes.map((change) => change.field),
      ["hemp.federal"],
    );
    // Only federal law: the states whose records moved at the same instant are not this endpoint's.
    assert.ok(
      receiver.received.every((item) => JSON.parse(item.body).data.jurisdiction.code === "US"),
    );
  });
});
