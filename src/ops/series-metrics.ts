/**
 * Labelled counters and histograms for the per-request metrics, exposed
 * through prom-client's registry in its own format.
 *
 * Why not prom-client's Counter and Histogram: each of their calls builds a
 * key string from the label values ("method:GET,route:…,status:200,") and
 * looks it up in an object, which interns the new string — on the API's
 * fast lane, four such calls were a visible share of a request's CPU. Here a
 * series is found by one `Map` lookup per label value (the values are the
 * same few strings every time, so their hashes are cached) and a counter is
 * one addition. The exposition is unchanged: the registry reads `get()`,
 * which answers what prom-client's own metrics answer (a histogram's
 * cumulative `_bucket` series with `le`, `_sum` and `_count`).
 *
 * Bounds: one series per distinct combination of label values, as with
 * prom-client; callers pass bounded values (route patterns, not URLs).
 */
import type { Registry } from "prom-client";

type Labels = Record<string, string>;
type Value = { labels: Labels; value: number; metricName?: string };

/** Series found by their label values through nested maps (at most three labels). */
function seriesTable<S>(labelNames: readonly string[], create: (labels: Labels) => S) {
  if (labelNames.length < 1 || labelNames.length > 3) throw new Error("one to three labels");
  const root = new Map<string, unknown>();
  const all: S[] = [];
  /** Bumped by `clear`: a bound series of an older generation is found again. */
  let generation = 0;
  const depth = labelNames.length;
  const child = (level: Map<string, unknown>, key: string) => {
    let next = level.get(key) as Map<string, unknown> | undefined;
    if (next === undefined) {
      next = new Map();
      level.set(key, next);
    }
    return next;
  };
  const at = (a: string, b = "", c = ""): S => {
    let level = root;
    if (depth > 1) level = child(level, a);
    if (depth > 2) level = child(level, b);
    const last = depth === 1 ? a : depth === 2 ? b : c;
    let series = level.get(last) as S | undefined;
    if (series === undefined) {
      const given = [a, b, c];
      const labels: Labels = {};
      for (let i = 0; i < depth; i++) labels[labelNames[i] as string] = given[i] as string;
      series = create(labels);
      level.set(last, series);
      all.push(series);
    }
    return series;
  };
  /** The series of these label values, found once and again only after `clear`. */
  const bind = (a: string, b = "", c = ""): (() => S) => {
    let bound = at(a, b, c);
    let boundIn = generation;
    return () => {
      if (boundIn !== generation) {
        bound = at(a, b, c);
        boundIn = generation;
      }
      return bound;
    };
  };
  return {
    at,
    bind,
    all: () => all,
    clear: () => {
      root.clear();
      all.length = 0;
      generation++;
    },
  };
}

type Options = { name: string; help: string; labelNames: readonly string[]; registry: Registry };

export type SeriesCounter = {
  /** Counts one for these label values (in `labelNames` order). */
  inc: (a: string, b?: string, c?: string) => void;
  /** `inc` for these label values, with no look-up per call (for a caller that counts the same series often). */
  bind: (a: string, b?: string, c?: string) => () => void;
};

export function seriesCounter(options: Options): SeriesCounter {
  const table = seriesTable(options.labelNames, (labels) => ({ labels, value: 0 }));
  options.registry.registerMetric({
    name: options.name,
    help: options.help,
    type: "counter",
    aggregator: "sum",
    get: async () => ({
      name: options.name,
      help: options.help,
      type: "counter",
      aggregator: "sum",
      values: table.all().map(({ labels, value }): Value => ({ labels, value })),
    }),
    reset: () => table.clear(),
  } as never);
  return {
    inc: (a, b, c) => {
      table.at(a, b, c).value++;
    },
    bind: (a, b, c) => {
      const series = table.bind(a, b, c);
      return () => {
        series().value++;
      };
    },
  };
}

export type HistogramSeries = { observe: (value: number) => void };

export type SeriesHistogram = {
  series: (a: string, b?: string, c?: string) => HistogramSeries;
  /** `series(…).observe` for these label values, with no look-up per call. */
  bind: (a: string, b?: string, c?: string) => (value: number) => void;
};

export function seriesHistogram(
  options: Options & { buckets: readonly number[] },
): SeriesHistogram {
  const bounds = [...options.buckets].sort((x, y) => x - y);
  const table = seriesTable(options.labelNames, (labels) => {
    // counts[i]: observations in (bounds[i-1], bounds[i]]; the last one: above every bound.
    const counts = new Float64Array(bounds.length + 1);
    const series = {
      labels,
      counts,
      sum: 0,
      count: 0,
      observe(value: number) {
        let i = 0;
        while (i < bounds.length && value > (bounds[i] as number)) i++;
        counts[i] = (counts[i] as number) + 1;
        series.sum += value;
        series.count++;
      },
    };
    return series;
  });
  const values = (): Value[] => {
    const out: Value[] = [];
    for (const { labels, counts, sum, count } of table.all()) {
      let cumulative = 0;
      for (let i = 0; i < bounds.length; i++) {
        cumulative += counts[i] as number;
        out.push({
          labels: { le: String(bounds[i]), ...labels },
          value: cumulative,
          metricName: `${options.name}_bucket`,
        });
      }
      out.push({
        labels: { le: "+Inf", ...labels },
        value: count,
        metricName: `${options.name}_bucket`,
      });
      out.push({ labels, value: sum, metricName: `${options.name}_sum` });
      out.push({ labels, value: count, metricName: `${options.name}_count` });
    }
    return out;
  };
  options.registry.registerMetric({
    name: options.name,
    help: options.help,
    type: "histogram",
    aggregator: "sum",
    get: async () => ({
      name: options.name,
      help: options.help,
      type: "histogram",
      aggregator: "sum",
      values: values(),
    }),
    reset: () => table.clear(),
  } as never);
  return {
    series: table.at,
    bind: (a, b, c) => {
      const series = table.bind(a, b, c);
      return (value) => series().observe(value);
    },
  };
}
