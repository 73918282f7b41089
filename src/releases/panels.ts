/**
 * Research panels: one row per jurisdiction × period (year or month), from
 * 1990 through the release's year, on a basis (effective, enacted or
 * operating). Each indicator is given as of the period's first day, as the
 * share of the period's days it was in force, and with the dates inside the
 * period on which it changed. The dated variables of the law model (ages,
 * limits, consumption, delivery, taxes, hemp) follow as of the period's
 * first day, always on the effective basis, with a `_share` for each yes/no
 * and, after every other column, why each is null and how sure it is
 * (src/dataset/dataset.columns.ts).
 * Columns are documented in docs/DATA.md.
 */
import {
  DATED_COLUMNS,
  DATED_COMPANION_COLUMNS,
  type FlatValue,
  PANEL_BUSINESS_COLUMNS,
  PANEL_BUSINESS_COMPANION_COLUMNS,
} from "../dataset/dataset.columns.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import { createLawModel, type LawModel, type LawRecord, lawOn } from "../dataset/law.ts";
import {
  type Basis,
  buildTimelines,
  changeDates,
  mapTimeline,
  shareTrue,
  statusFrom,
  type Timeline,
  valueAt,
} from "../dataset/timeline.ts";
import { type Cell, toCsv } from "./csv.ts";

export const PANEL_FIRST_YEAR = 1990;
export const PERIODS = ["yearly", "monthly"] as const;
export type Period = (typeof PERIODS)[number];

/** The boolean indicators, in column order. */
export const INDICATORS = [
  "decriminalized",
  "adult_use_legal",
  "adult_use_sales",
  "medical_legal",
  "medical_program",
  "home_grow_allowed",
] as const;
type Indicator = (typeof INDICATORS)[number];

/** Records on turning days, computed once per model and jurisdiction (every panel reads them). */
const turningRecords = new WeakMap<
  LawModel,
  Map<string, [string | null, LawRecord | undefined][]>
>();

/** A jurisdiction's record on each of its turning days (its value holds until the next). */
function recordsByDay(model: LawModel, code: string): [string | null, LawRecord | undefined][] {
  let byCode = turningRecords.get(model);
  if (byCode === undefined) {
    byCode = new Map();
    turningRecords.set(model, byCode);
  }
  let records = byCode.get(code);
  if (records === undefined) {
    records = computeRecordsByDay(model, code);
    byCode.set(code, records);
  }
  return records;
}

function computeRecordsByDay(
  model: LawModel,
  code: string,
): [string | null, LawRecord | undefined][] {
  return [
    [null, lawOn(model, code, "1900-01-01")],
    ...(model.turningDays.get(code) ?? []).map((day): [string, LawRecord | undefined] => [
      day,
      lawOn(model, code, day),
    ]),
  ];
}

/** A dated variable's timeline, from the records on the turning days. */
function datedTimeline(
  records: readonly [string | null, LawRecord | undefined][],
  read: (r: LawRecord) => FlatValue,
): Timeline<FlatValue> {
  const segments: { from: string | null; value: FlatValue }[] = [];
  for (const [from, record] of records) {
    const value = record === undefined ? null : read(record);
    if (segments.length === 0 || value !== segments[segments.length - 1]?.value) {
      segments.push({ from, value });
    }
  }
  return segments;
}

export const PANEL_COLUMNS = [
  "code",
  "name",
  "fips",
  "type",
  "period",
  "period_start",
  "period_end",
  "basis",
  "status",
  ...INDICATORS,
  ...INDICATORS.map((name) => `${name}_share`),
  ...INDICATORS.flatMap((name) => [`${name}_changed`, `${name}_changed_precision`]),
  ...DATED_COLUMNS.map((column) => column.name),
  ...DATED_COLUMNS.filter((column) => column.yesNo).map((column) => `${column.name}_share`),
  ...DATED_COMPANION_COLUMNS.map((column) => column.name),
  ...PANEL_BUSINESS_COLUMNS.map((column) => column.name),
  ...PANEL_BUSINESS_COMPANION_COLUMNS.map((column) => column.name),
] as const;

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The periods from 1990 through `lastYear`: label, first day, last day. */
export function periodsOf(period: Period, lastYear: number) {
  const periods: { label: string; first: string; last: string }[] = [];
  for (let year = PANEL_FIRST_YEAR; year <= lastYear; year += 1) {
    if (period === "yearly") {
      periods.push({ label: String(year), first: `${year}-01-01`, last: `${year}-12-31` });
    } else {
      for (let month = 1; month <= 12; month += 1) {
        periods.push({
          label: `${year}-${pad(month)}`,
          first: `${year}-${pad(month)}-01`,
          last: lastDayOfMonth(year, month),
        });
      }
    }
  }
  return periods;
}

const round = (share: number | null) => (share === null ? null : Math.round(share * 1e4) / 1e4);

export type Panel = { csv: string; rows: number };

export function buildPanel(
  dataset: Dataset,
  period: Period,
  basis: Basis,
  lastYear: number,
  model: LawModel = createLawModel(dataset),
): Panel {
  const rows = panelRows(dataset, period, basis, lastYear, model);
  return { csv: toCsv(PANEL_COLUMNS, rows), rows: rows.length };
}

/** The panel's rows, in PANEL_COLUMNS order. */
export function panelRows(
  dataset: Dataset,
  period: Period,
  basis: Basis,
  lastYear: number,
  model: LawModel = createLawModel(dataset),
): Cell[][] {
  const periods = periodsOf(period, lastYear);
  const rows: Cell[][] = [];
  const yesNo = DATED_COLUMNS.filter((column) => column.yesNo);
  for (const record of dataset.jurisdictions) {
    const onTurningDays = recordsByDay(model, record.code);
    const dated = DATED_COLUMNS.map((column) => datedTimeline(onTurningDays, column.read));
    const datedShares = yesNo.map(
      (column) => datedTimeline(onTurningDays, column.read) as Timeline<boolean>,
    );
    const companions = DATED_COMPANION_COLUMNS.map((column) =>
      datedTimeline(onTurningDays, column.read),
    );
    const business = [...PANEL_BUSINESS_COLUMNS, ...PANEL_BUSINESS_COMPANION_COLUMNS].map(
      (column) => datedTimeline(onTurningDays, column.read),
    );
    const t = buildTimelines(record, dataset.histories.get(record.code) ?? [], basis);
    const timelines: Record<Indicator, Timeline<boolean>> = {
      decriminalized: t.decriminalized,
      adult_use_legal: t.adultUseLegal,
      adult_use_sales: t.adultUseSales,
      medical_legal: mapTimeline(t.medicalProgram, (program) => program !== "none"),
      medical_program: mapTimeline(t.medicalProgram, (program) => program === "comprehensive"),
      home_grow_allowed: t.homeGrowAllowed,
    };
    const changes = Object.fromEntries(
      INDICATORS.map((name) => [name, changeDates(timelines[name])]),
    ) as Record<Indicator, string[]>;
    for (const { label, first, last } of periods) {
      const status = statusFrom(valueAt(t.adultUseLegal, first), valueAt(t.medicalProgram, first));
      const inPeriod = INDICATORS.map((name) =>
        changes[name].filter((day) => day >= first && day <= last),
      );
      rows.push([
        record.code,
        record.name,
        record.fips,
        record.type,
        label,
        first,
        last,
        basis,
        status,
        ...INDICATORS.map((name) => valueAt(timelines[name], first)),
        ...INDICATORS.map((name) => round(shareTrue(timelines[name], first, last))),
        // Every date in the dataset is a calendar day, so the precision is "day".
        ...inPeriod.flatMap((days) =>
          days.length === 0 ? [null, null] : [days.join(";"), days.map(() => "day").join(";")],
        ),
        ...dated.map((timeline) => valueAt(timeline, first)),
        ...datedShares.map((timeline) => round(shareTrue(timeline, first, last))),
        ...companions.map((timeline) => valueAt(timeline, first)),
        ...business.map((timeline) => valueAt(timeline, first)),
      ]);
    }
  }
  return rows;
}
