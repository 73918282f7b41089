/**
 * Sense checks: values that pass the schema but cannot be the law. They run
 * with the rest of the dataset's checks (start-up, `npm run data:check`,
 * and every data tool before it writes), on each file and on the record as
 * it will be served after each change of law, so a mistyped age or rate is
 * refused with the field and the value named. The bounds are generous on
 * purpose: they catch slips (an age of 12, a tax of 150 %), not unusual
 * law. docs/DATA.md, "Sense checks", lists them.
 */

/** The bounds, stated once (docs/DATA.md repeats them). */
export const SENSE_BOUNDS = Object.freeze({
  /** Minimum ages: adult use, medical registration, hemp products. */
  minimumAge: { min: 18, max: 25 },
  /** Percent rates: 0 to 100. */
  percent: { min: 0, max: 100 },
  /** Flower, in grams: 100 ounces. */
  flowerGrams: 2835,
  /** Concentrate, in grams: about 35 ounces. */
  concentrateGrams: 1000,
  /** THC in products, in milligrams. */
  thcMg: 100_000,
  /** Plants at home, per adult or per household. */
  plants: 99,
  /** A per-milligram THC tax, in dollars. */
  dollarsPerMg: 1,
});

export type SenseIssue = { path: string; message: string };

type Group = Readonly<Record<string, unknown>> | null | undefined;

const isNumber = (value: unknown): value is number => typeof value === "number";

function positiveUnder(
  issues: SenseIssue[],
  path: string,
  value: unknown,
  cap: number,
  unit: string,
): void {
  if (!isNumber(value)) return;
  if (value <= 0)
    issues.push({ path, message: `${value} ${unit} is not positive (use null for none)` });
  else if (value > cap)
    issues.push({ path, message: `${value} ${unit} is over the cap of ${cap} ${unit}` });
}

function age(issues: SenseIssue[], path: string, value: unknown): void {
  if (!isNumber(value)) return;
  const { min, max } = SENSE_BOUNDS.minimumAge;
  if (value < min || value > max)
    issues.push({ path, message: `${value} is not a minimum age from ${min} to ${max}` });
}

function purchaseLimit(issues: SenseIssue[], path: string, limit: Group): void {
  if (limit === null || limit === undefined || typeof limit !== "object") return;
  positiveUnder(issues, `${path}/flower_grams`, limit.flower_grams, SENSE_BOUNDS.flowerGrams, "g");
  positiveUnder(
    issues,
    `${path}/concentrate_grams`,
    limit.concentrate_grams,
    SENSE_BOUNDS.concentrateGrams,
    "g",
  );
  positiveUnder(issues, `${path}/edible_thc_mg`, limit.edible_thc_mg, SENSE_BOUNDS.thcMg, "mg");
  positiveUnder(
    issues,
    `${path}/nonresident_flower_grams`,
    limit.nonresident_flower_grams,
    SENSE_BOUNDS.flowerGrams,
    "g",
  );
}

function taxes(issues: SenseIssue[], path: string, list: unknown): void {
  if (!Array.isArray(list)) return;
  list.forEach((tax: Group, index) => {
    if (tax === null || tax === undefined || !isNumber(tax.rate)) return;
    const at = `${path}/${index}/rate`;
    const unit = typeof tax.unit === "string" ? tax.unit : "";
    const percent = String(tax.kind).endsWith("_percent") || unit.startsWith("percent");
    if (percent) {
      const { min, max } = SENSE_BOUNDS.percent;
      if (tax.rate < min || tax.rate > max)
        issues.push({
          path: at,
          message: `${tax.rate} % is not a percentage from ${min} to ${max}`,
        });
    } else if (tax.kind === "per_thc_mg" && tax.rate > SENSE_BOUNDS.dollarsPerMg) {
      issues.push({
        path: at,
        message: `$${tax.rate} per mg of THC is over the cap of $${SENSE_BOUNDS.dollarsPerMg}`,
      });
    } else if (tax.rate <= 0) {
      issues.push({ path: at, message: `${tax.rate} is not a positive rate (use null for none)` });
    }
  });
}

/** Sense issues in a jurisdiction record (a file, or a record as served on a day). */
export function senseIssues(record: Readonly<Record<string, unknown>>): SenseIssue[] {
  const issues: SenseIssue[] = [];
  const adult = record.adult_use as Group;
  const medical = record.medical as Group;
  const hemp = record.hemp as Group;
  const decrim = record.decriminalization as Group;
  if (adult) {
    age(issues, "/adult_use/minimum_age", adult.minimum_age);
    purchaseLimit(issues, "/adult_use/purchase_limit", adult.purchase_limit as Group);
    taxes(issues, "/adult_use/taxes", adult.taxes);
    const possession = adult.possession_limit as Group;
    if (possession) {
      positiveUnder(
        issues,
        "/adult_use/possession_limit/flower_grams",
        possession.flower_grams,
        SENSE_BOUNDS.flowerGrams,
        "g",
      );
      positiveUnder(
        issues,
        "/adult_use/possession_limit/concentrate_grams",
        possession.concentrate_grams,
        SENSE_BOUNDS.concentrateGrams,
        "g",
      );
    }
    const grow = adult.home_grow as Group;
    if (grow) {
      positiveUnder(
        issues,
        "/adult_use/home_grow/plants",
        grow.plants,
        SENSE_BOUNDS.plants,
        "plants",
      );
      positiveUnder(
        issues,
        "/adult_use/home_grow/household_max",
        grow.household_max,
        SENSE_BOUNDS.plants,
        "plants",
      );
    }
  }
  if (medical) {
    age(issues, "/medical/minimum_age", medical.minimum_age);
    purchaseLimit(issues, "/medical/purchase_limit", medical.purchase_limit as Group);
  }
  if (hemp) age(issues, "/hemp/minimum_age", hemp.minimum_age);
  if (decrim)
    positiveUnder(
      issues,
      "/decriminalization/threshold_grams",
      decrim.threshold_grams,
      SENSE_BOUNDS.flowerGrams,
      "g",
    );
  return issues;
}

type Dated = {
  date: string;
  effective: string | null;
  verified?: string | undefined;
  retroactive?: true | undefined;
  confidence?: string | undefined;
  sources: readonly unknown[];
  sets?: Readonly<Record<string, unknown>> | undefined;
};

/**
 * Sense issues in one event: no enactment or verification after today, no
 * effective day before the enactment unless the law says it is retroactive,
 * and a `secondary` change of law rests on two sources.
 */
export function eventSenseIssues(event: Dated, at: string, today: string): SenseIssue[] {
  const issues: SenseIssue[] = [];
  if (event.date > today)
    issues.push({
      path: `${at}/date`,
      message: `enacted ${event.date}, which is after today (${today})`,
    });
  if (event.verified !== undefined && event.verified > today)
    issues.push({
      path: `${at}/verified`,
      message: `verified ${event.verified}, which is after today (${today})`,
    });
  if (event.effective !== null && event.effective < event.date && event.retroactive !== true)
    issues.push({
      path: `${at}/effective`,
      message: `${event.effective} is before its enactment on ${event.date} (if the law applies retroactively, say so with "retroactive": true)`,
    });
  if (event.sets !== undefined && event.confidence === "secondary" && event.sources.length < 2)
    issues.push({
      path: `${at}/sources`,
      message: `a secondary change of law needs at least two agreeing sources (has ${event.sources.length})`,
    });
  return issues;
}
