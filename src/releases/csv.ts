/** CSV as RFC 4180 describes it: CRLF line ends, fields quoted when they hold `,`, `"`, CR or LF. */

export type Cell = string | number | boolean | null;

function field(value: Cell): string {
  if (value === null) return "";
  const text = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Booleans become 1/0 and null an empty field, for R, Stata and spreadsheets alike. */
export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [columns.map(field).join(",")];
  for (const row of rows) lines.push(row.map(field).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
