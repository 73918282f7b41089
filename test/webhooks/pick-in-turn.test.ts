/**
 * The claim's round-robin pick on its own (`pickInTurn`, webhook.claim.ts):
 * which due deliveries one claim leases, and in what order, from the
 * candidates a claim found and what is in flight. Examples first, then
 * properties over any claim state: bounded by the batch and the in-flight
 * limits, each delivery at most once and oldest first, the same answer for
 * the same state, and accounts served in turn.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { FAIRNESS, pickInTurn, type TurnEndpoint } from "../../src/webhooks/webhook.claim.ts";

type Due = { id: string };
type PickInput = Parameters<typeof pickInTurn<TurnEndpoint, Due>>[0];

const endpoint = (id: string, user_id: string, timeouts_in_a_row = 0): TurnEndpoint => ({
  id,
  user_id,
  timeouts_in_a_row,
});

/** `count` due deliveries for the endpoint, oldest first: "a1#0", "a1#1", … */
const queue = (endpointId: string, count: number): Due[] =>
  Array.from({ length: count }, (_, k) => ({ id: `${endpointId}#${k}` }));

function input(
  endpoints: TurnEndpoint[],
  dueCounts: Record<string, number>,
  options: {
    limit: number;
    perEndpoint?: Record<string, number>;
    perUser?: Record<string, number>;
  },
): PickInput {
  return {
    endpoints,
    due: new Map(endpoints.map((e) => [e.id, queue(e.id, dueCounts[e.id] ?? 0)])),
    inFlight: {
      perEndpoint: new Map(Object.entries(options.perEndpoint ?? {})),
      perUser: new Map(Object.entries(options.perUser ?? {})),
    },
    limit: options.limit,
  };
}

const pickedIds = (picks: { due: Due }[]) => picks.map((pick) => pick.due.id);

test("accounts take turns: one delivery per endpoint of every account, then a second each", () => {
  const endpoints = [endpoint("a1", "a"), endpoint("a2", "a"), endpoint("b1", "b")];
  const picks = pickInTurn(input(endpoints, { a1: 2, a2: 2, b1: 2 }, { limit: 8 }));
  assert.deepEqual(pickedIds(picks), ["a1#0", "b1#0", "a2#0", "a1#1", "b1#1", "a2#1"]);
  assert.deepEqual(
    picks.map((pick) => pick.endpoint.id),
    ["a1", "b1", "a2", "a1", "b1", "a2"],
    "each pick names the endpoint its delivery goes to",
  );
});

test("the first endpoint of every account, then the second of every account", () => {
  const endpoints = [
    endpoint("a1", "a"),
    endpoint("a2", "a"),
    endpoint("a3", "a"),
    endpoint("b1", "b"),
    endpoint("c1", "c"),
    endpoint("c2", "c"),
  ];
  const counts = Object.fromEntries(endpoints.map((e) => [e.id, 1]));
  const picks = pickInTurn(input(endpoints, counts, { limit: 16 }));
  assert.deepEqual(
    picks.map((pick) => pick.endpoint.id),
    ["a1", "b1", "c1", "a2", "c2", "a3"],
  );
  assert.deepEqual(pickInTurn(input([], {}, { limit: 16 })), []);
});

test("a backlog at one endpoint does not go ahead of another endpoint's next delivery", () => {
  const endpoints = [endpoint("a1", "a"), endpoint("b1", "b"), endpoint("c1", "c")];
  const picks = pickInTurn(input(endpoints, { a1: 2, b1: 1, c1: 1 }, { limit: 3 }));
  assert.deepEqual(pickedIds(picks), ["a1#0", "b1#0", "c1#0"]);
});

test("the batch size cuts a turn short, in turn order", () => {
  const endpoints = [endpoint("a1", "a"), endpoint("b1", "b"), endpoint("c1", "c")];
  assert.deepEqual(pickedIds(pickInTurn(input(endpoints, { a1: 2, b1: 2, c1: 2 }, { limit: 2 }))), [
    "a1#0",
    "b1#0",
  ]);
  assert.deepEqual(pickInTurn(input(endpoints, { a1: 2, b1: 2, c1: 2 }, { limit: 0 })), []);
  assert.deepEqual(pickInTurn(input([], {}, { limit: 8 })), []);
});

test("an endpoint whose breaker is half-open takes one attempt at a time", () => {
  const endpoints = [endpoint("slow", "a", 3), endpoint("b1", "b")];
  assert.deepEqual(pickedIds(pickInTurn(input(endpoints, { slow: 2, b1: 2 }, { limit: 8 }))), [
    "slow#0",
    "b1#0",
    "b1#1",
  ]);
  const busy = input(endpoints, { slow: 2, b1: 0 }, { limit: 8, perEndpoint: { slow: 1 } });
  assert.deepEqual(pickInTurn(busy), [], "one already in flight: nothing more");
});

test("what is in flight counts: an endpoint at its limit is passed over, its account's others are not", () => {
  const endpoints = [endpoint("a1", "a"), endpoint("a2", "a"), endpoint("b1", "b")];
  const picks = pickInTurn(
    input(
      endpoints,
      { a1: 2, a2: 2, b1: 2 },
      { limit: 8, perEndpoint: { a1: 2 }, perUser: { a: 2, b: 3 } },
    ),
  );
  // a's turn falls to a2 (a1 is full), and a comes first: it was served least recently.
  assert.deepEqual(pickedIds(picks), ["a2#0", "b1#0", "a2#1"]);
});

test("an account whose first endpoint is full has its turn before another account's second endpoint", () => {
  const endpoints = [
    endpoint("a1", "a"),
    endpoint("b1", "b"),
    endpoint("a2", "a"),
    endpoint("b2", "b"),
  ];
  const picks = pickInTurn(
    input(
      endpoints,
      { a1: 1, a2: 1, b1: 1, b2: 1 },
      { limit: 2, perEndpoint: { b1: 2 }, perUser: { b: 2 } },
    ),
  );
  assert.deepEqual(pickedIds(picks), ["a1#0", "b2#0"]);
});

test("an account at its limit, every instance together, is passed over", () => {
  const endpoints = [endpoint("a1", "a"), endpoint("b1", "b")];
  const picks = pickInTurn(
    input(endpoints, { a1: 2, b1: 2 }, { limit: 8, perUser: { a: FAIRNESS.inFlightPerUser } }),
  );
  assert.deepEqual(pickedIds(picks), ["b1#0", "b1#1"]);
});

test("an account takes at most its limit in one claim, however many endpoints it has", () => {
  const endpoints = ["a1", "a2", "a3", "a4", "a5", "a6"].map((id) => endpoint(id, "a"));
  const counts = Object.fromEntries(endpoints.map((e) => [e.id, 2]));
  const picks = pickInTurn(input(endpoints, counts, { limit: 16 }));
  assert.equal(picks.length, FAIRNESS.inFlightPerUser);
  assert.deepEqual(pickedIds(picks), ["a1#0", "a2#0", "a3#0", "a4#0"]);
});

test("the pick changes none of its inputs", () => {
  const state = input(
    [endpoint("a1", "a"), endpoint("b1", "b")],
    { a1: 2, b1: 2 },
    { limit: 8, perEndpoint: { a1: 1 }, perUser: { a: 1 } },
  );
  const before = structuredClone(state);
  pickInTurn(state);
  assert.deepEqual(state, before);
});

// --- Properties over any claim state ----------------------------------------

type RawEndpoint = { due: number; inFlight: number; halfOpen: boolean };
type RawState = {
  accounts: { endpoints: RawEndpoint[]; elsewhere: number }[];
  order: number[];
  limit: number;
};

/** A claim state: accounts with 1–4 endpoints each, listed in any order. */
const rawState = (endpointArb: fc.Arbitrary<RawEndpoint>): fc.Arbitrary<RawState> =>
  fc
    .record({
      accounts: fc.array(
        fc.record({
          endpoints: fc.array(endpointArb, { minLength: 1, maxLength: 4 }),
          // In flight at the account's endpoints that are not candidates (paused, say).
          elsewhere: fc.integer({ min: 0, max: FAIRNESS.inFlightPerUser + 1 }),
        }),
        { maxLength: 6 },
      ),
      limit: fc.integer({ min: 0, max: 14 }),
    })
    .chain(({ accounts, limit }) => {
      const count = accounts.reduce((n, account) => n + account.endpoints.length, 0);
      const positions = Array.from({ length: count }, (_, i) => i);
      return fc
        .shuffledSubarray(positions, { minLength: count, maxLength: count })
        .map((order) => ({ accounts, order, limit }));
    });

const anyEndpoint = fc.record({
  due: fc.integer({ min: 0, max: FAIRNESS.inFlightPerEndpoint }),
  inFlight: fc.integer({ min: 0, max: FAIRNESS.inFlightPerEndpoint + 1 }),
  halfOpen: fc.boolean(),
});

function build(raw: RawState): PickInput {
  const listed: TurnEndpoint[] = [];
  const due = new Map<string, Due[]>();
  const perEndpoint = new Map<string, number>();
  const perUser = new Map<string, number>();
  raw.accounts.forEach((account, a) => {
    const userId = `u${a}`;
    let userInFlight = account.elsewhere;
    account.endpoints.forEach((e, i) => {
      const id = `${userId}-e${i}`;
      listed.push(endpoint(id, userId, e.halfOpen ? 1 : 0));
      due.set(id, queue(id, e.due));
      if (e.inFlight > 0) perEndpoint.set(id, e.inFlight);
      userInFlight += e.inFlight;
    });
    if (userInFlight > 0) perUser.set(userId, userInFlight);
  });
  const endpoints = raw.order.map((position) => listed[position] as TurnEndpoint);
  return { endpoints, due, inFlight: { perEndpoint, perUser }, limit: raw.limit };
}

const endpointLimit = (e: TurnEndpoint) =>
  e.timeouts_in_a_row > 0 ? 1 : FAIRNESS.inFlightPerEndpoint;

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

type Picks = ReturnType<typeof pickInTurn<TurnEndpoint, Due>>;

/** Holds `check` for the pick of any claim state whose endpoints `endpointArb` draws. */
function forAnyClaim(
  endpointArb: fc.Arbitrary<RawEndpoint>,
  check: (state: PickInput, picks: Picks) => void,
  numRuns = 1000,
): void {
  fc.assert(
    fc.property(rawState(endpointArb), (raw) => {
      const state = build(raw);
      check(state, pickInTurn(state));
    }),
    { numRuns },
  );
}

test("property: never more than the batch, nor past any endpoint's or account's in-flight limit", () => {
  forAnyClaim(anyEndpoint, (state, picks) => {
    assert.ok(picks.length <= state.limit, `${picks.length} picks for a batch of ${state.limit}`);
    for (const [id, n] of countBy(picks, (pick) => pick.endpoint.id)) {
      const e = state.endpoints.find((candidate) => candidate.id === id) as TurnEndpoint;
      assert.ok((state.inFlight.perEndpoint.get(id) ?? 0) + n <= endpointLimit(e), id);
    }
    for (const [userId, n] of countBy(picks, (pick) => pick.endpoint.user_id)) {
      assert.ok((state.inFlight.perUser.get(userId) ?? 0) + n <= FAIRNESS.inFlightPerUser, userId);
    }
  });
});

test("property: a claim with room left took every delivery the limits allowed", () => {
  forAnyClaim(anyEndpoint, (state, picks) => {
    if (picks.length >= state.limit) return;
    const perEndpoint = countBy(picks, (pick) => pick.endpoint.id);
    const perUser = countBy(picks, (pick) => pick.endpoint.user_id);
    for (const e of state.endpoints) {
      const taken = perEndpoint.get(e.id) ?? 0;
      const waiting = (state.due.get(e.id) ?? []).length > taken;
      const endpointFull = (state.inFlight.perEndpoint.get(e.id) ?? 0) + taken >= endpointLimit(e);
      const userFull =
        (state.inFlight.perUser.get(e.user_id) ?? 0) + (perUser.get(e.user_id) ?? 0) >=
        FAIRNESS.inFlightPerUser;
      assert.ok(!waiting || endpointFull || userFull, `${e.id} was left with room to take more`);
    }
  });
});

test("property: each delivery at most once, from its own endpoint's queue, oldest first", () => {
  forAnyClaim(anyEndpoint, (state, picks) => {
    const ids = pickedIds(picks);
    assert.equal(new Set(ids).size, ids.length, "no delivery twice");
    for (const e of state.endpoints) {
      const taken = picks.filter((pick) => pick.endpoint.id === e.id).map((pick) => pick.due);
      const queued = state.due.get(e.id) ?? [];
      assert.deepEqual(taken, queued.slice(0, taken.length), `${e.id} takes its oldest first`);
    }
  });
});

test("property: one delivery each before a second each", () => {
  forAnyClaim(anyEndpoint, (_state, picks) => {
    const nth = picks.map((pick) => Number(pick.due.id.split("#")[1]));
    const lastFirst = nth.lastIndexOf(0);
    const firstSecond = nth.indexOf(1);
    assert.ok(firstSecond === -1 || lastFirst < firstSecond, nth.join(","));
  });
});

test("property: the same state gives the same pick, whatever order the queues were read in; the state is left as it was", () => {
  forAnyClaim(
    anyEndpoint,
    (state, picks) => {
      const before = structuredClone(state);
      const first = pickedIds(picks);
      assert.deepEqual(pickedIds(pickInTurn(state)), first, "same answer twice");
      assert.deepEqual(state, before, "inputs unchanged");
      const reread: PickInput = {
        ...state,
        due: new Map([...state.due].reverse()),
        inFlight: {
          perEndpoint: new Map([...state.inFlight.perEndpoint].reverse()),
          perUser: new Map([...state.inFlight.perUser].reverse()),
        },
      };
      assert.deepEqual(pickedIds(pickInTurn(reread)), first, "map order does not matter");
    },
    500,
  );
});

test("property: no account gets a second turn while another with due work and room has had none", () => {
  // Every candidate has something due and nothing in flight of its own; its
  // account may be busy at endpoints that are not candidates.
  const freshEndpoint = fc.record({
    due: fc.integer({ min: 1, max: FAIRNESS.inFlightPerEndpoint }),
    inFlight: fc.constant(0),
    halfOpen: fc.boolean(),
  });
  forAnyClaim(freshEndpoint, (state, picks) => {
    const accounts = picks.map((pick) => pick.endpoint.user_id);
    const secondTurn = accounts.findIndex((userId, i) => accounts.indexOf(userId) < i);
    if (secondTurn === -1) return;
    const servedBefore = new Set(accounts.slice(0, secondTurn));
    for (const e of state.endpoints) {
      const hasRoom = (state.inFlight.perUser.get(e.user_id) ?? 0) < FAIRNESS.inFlightPerUser;
      assert.ok(
        !hasRoom || servedBefore.has(e.user_id),
        `${accounts[secondTurn]} had a second turn at ${secondTurn} before ${e.user_id} had one: ${accounts.join(",")}`,
      );
    }
  });
});

test("property: with work in flight too, no account gets a second turn while another that could take one has had none", () => {
  forAnyClaim(
    anyEndpoint,
    (state, picks) => {
      const accounts = picks.map((pick) => pick.endpoint.user_id);
      const secondTurn = accounts.findIndex((userId, i) => accounts.indexOf(userId) < i);
      if (secondTurn === -1) return;
      const servedBefore = new Set(accounts.slice(0, secondTurn));
      for (const e of state.endpoints) {
        // Could this endpoint have taken its oldest due delivery at the start of the claim?
        const couldTake =
          (state.due.get(e.id) ?? []).length > 0 &&
          (state.inFlight.perEndpoint.get(e.id) ?? 0) < endpointLimit(e) &&
          (state.inFlight.perUser.get(e.user_id) ?? 0) < FAIRNESS.inFlightPerUser;
        assert.ok(
          !couldTake || servedBefore.has(e.user_id),
          `${accounts[secondTurn]} had a second turn at ${secondTurn} before ${e.user_id} had one: ${accounts.join(",")}`,
        );
      }
    },
    20000,
  );
});
