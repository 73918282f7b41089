/**
 * The closed list of jurisdictions the dataset covers: the 50 states, the
 * District of Columbia and the five inhabited territories. The dataset must
 * hold exactly these, with these names and FIPS codes.
 */
export const JURISDICTIONS = [
  ["AL", "Alabama", "01", "state"],
  ["AK", "Alaska", "02", "state"],
  ["AZ", "Arizona", "04", "state"],
  ["AR", "Arkansas", "05", "state"],
  ["CA", "California", "06", "state"],
  ["CO", "Colorado", "08", "state"],
  ["CT", "Connecticut", "09", "state"],
  ["DE", "Delaware", "10", "state"],
  ["DC", "District of Columbia", "11", "district"],
  ["FL", "Florida", "12", "state"],
  ["GA", "Georgia", "13", "state"],
  ["HI", "Hawaii", "15", "state"],
  ["ID", "Idaho", "16", "state"],
  ["IL", "Illinois", "17", "state"],
  ["IN", "Indiana", "18", "state"],
  ["IA", "Iowa", "19", "state"],
  ["KS", "Kansas", "20", "state"],
  ["KY", "Kentucky", "21", "state"],
  ["LA", "Louisiana", "22", "state"],
  ["ME", "Maine", "23", "state"],
  ["MD", "Maryland", "24", "state"],
  ["MA", "Massachusetts", "25", "state"],
  ["MI", "Michigan", "26", "state"],
  ["MN", "Minnesota", "27", "state"],
  ["MS", "Mississippi", "28", "state"],
  ["MO", "Missouri", "29", "state"],
  ["MT", "Montana", "30", "state"],
  ["NE", "Nebraska", "31", "state"],
  ["NV", "Nevada", "32", "state"],
  ["NH", "New Hampshire", "33", "state"],
  ["NJ", "New Jersey", "34", "state"],
  ["NM", "New Mexico", "35", "state"],
  ["NY", "New York", "36", "state"],
  ["NC", "North Carolina", "37", "state"],
  ["ND", "North Dakota", "38", "state"],
  ["OH", "Ohio", "39", "state"],
  ["OK", "Oklahoma", "40", "state"],
  ["OR", "Oregon", "41", "state"],
  ["PA", "Pennsylvania", "42", "state"],
  ["RI", "Rhode Island", "44", "state"],
  ["SC", "South Carolina", "45", "state"],
  ["SD", "South Dakota", "46", "state"],
  ["TN", "Tennessee", "47", "state"],
  ["TX", "Texas", "48", "state"],
  ["UT", "Utah", "49", "state"],
  ["VT", "Vermont", "50", "state"],
  ["VA", "Virginia", "51", "state"],
  ["WA", "Washington", "53", "state"],
  ["WV", "West Virginia", "54", "state"],
  ["WI", "Wisconsin", "55", "state"],
  ["WY", "Wyoming", "56", "state"],
  ["AS", "American Samoa", "60", "territory"],
  ["GU", "Guam", "66", "territory"],
  ["MP", "Northern Mariana Islands", "69", "territory"],
  ["PR", "Puerto Rico", "72", "territory"],
  ["VI", "U.S. Virgin Islands", "78", "territory"],
] as const;

export type JurisdictionCode = (typeof JURISDICTIONS)[number][0];

/**
 * The IANA time zone in which each jurisdiction's laws take effect: a change
 * effective on a day holds from midnight at the start of that day there.
 * Where a state spans two zones, the zone of its capital counts (the zone of
 * most of its people in every such state): Florida, Kentucky, Michigan and
 * Indiana follow Eastern time; Kansas, Nebraska, North and South Dakota,
 * Tennessee and Texas Central; Idaho Mountain; Oregon and Nevada Pacific;
 * Alaska Alaska time. docs/DATA.md states the rule.
 */
export const TIME_ZONES: Readonly<Record<JurisdictionCode, string>> = Object.freeze({
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  AS: "Pacific/Pago_Pago",
  GU: "Pacific/Guam",
  MP: "Pacific/Saipan",
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
});

/** The code of federal law in events, the change feed and webhooks. */
export const FEDERAL_CODE = "US";

/** The codes an event may carry: every jurisdiction's, and US for federal law. */
export const EVENT_CODES: ReadonlySet<string> = new Set([
  ...JURISDICTIONS.map(([code]) => code),
  FEDERAL_CODE,
]);

/**
 * The jurisdiction's time zone; federal law (`US`) takes effect on the
 * capital's (Eastern) time; UTC for a code outside the list (never in a
 * valid dataset).
 */
export function timeZoneOf(code: string): string {
  if (code === FEDERAL_CODE) return TIME_ZONES.DC;
  return (TIME_ZONES as Record<string, string>)[code] ?? "UTC";
}
