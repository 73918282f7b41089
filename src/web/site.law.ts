/**
 * The parts of a state page that say why a reader should believe it: the
 * record's plain summary, the law behind each fact group ("Law"), each
 * event's law, and "About this record" (reader notes, review date and how
 * current the sources are). Kept apart from the page layout so the wording
 * of the law lives in one place.
 */
import type { AuthorityRef, Jurisdiction } from "../dataset/dataset.schema.ts";
import { html, type SafeHtml } from "./html.ts";
import { dateOrElse } from "./site.format.ts";

/** `authority` as the data has it: absent (not yet recorded), null (no law applies) or a citation. */
type MaybeAuthority = AuthorityRef | null | undefined;

/** A citation, linked to the official text when its address is known. */
export function citation(authority: AuthorityRef): SafeHtml {
  return authority.url === null
    ? html`<cite>${authority.citation}</cite>`
    : html`<a href="${authority.url}" rel="noopener"><cite>${authority.citation}</cite></a>`;
}

/** One line under an event naming its law; empty when none is recorded. */
export function eventLaw(authority: MaybeAuthority): SafeHtml | string {
  if (authority === undefined) return "";
  if (authority === null) return html`<p class="event-law">Law: none applies.</p>`;
  return html`<p class="event-law">Law: ${citation(authority)}</p>`;
}

export function renderSummary(record: Jurisdiction): SafeHtml | string {
  return record.summary == null ? "" : html`<p class="lead state-summary">${record.summary}</p>`;
}

/** "Law": the statute, measure or rule behind decriminalization, adult use and medical use. */
export function renderLaw(record: Jurisdiction): SafeHtml | string {
  const groups: [string, MaybeAuthority][] = [
    ["Decriminalization", record.decriminalization.authority],
    ["Adult use", record.adult_use.authority],
    ["Medical use", record.medical.authority],
  ];
  const rows = groups
    .filter(([, authority]) => authority !== undefined)
    .map(
      ([label, authority]) =>
        html`<dt>${label}</dt><dd>${authority ? citation(authority) : "No law applies."}</dd>`,
    );
  if (rows.length === 0) return "";
  return html`<section class="law" aria-labelledby="law-heading">
<h2 id="law-heading">Law</h2>
<dl class="facts">${rows}</dl>
</section>`;
}

/** "About this record": reader notes, then when it was reviewed and how current its sources are. */
export function renderAboutRecord(record: Jurisdiction, sourcesCurrentTo: string | null): SafeHtml {
  const notes =
    record.notes.length === 0
      ? ""
      : html`<ul class="notes">${record.notes.map((note) => html`<li>${note}</li>`)}</ul>`;
  const currency =
    sourcesCurrentTo === null
      ? ""
      : html` The sources behind this dataset run to ${dateOrElse(sourcesCurrentTo, "an unknown date")}; later events are not reflected.`;
  return html`<section class="about-record" aria-labelledby="about-heading">
<h2 id="about-heading">About this record</h2>
${notes}
<p>Last reviewed ${dateOrElse(record.last_reviewed, "unknown")}.${currency}</p>
</section>`;
}
