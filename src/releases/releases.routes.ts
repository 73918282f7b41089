/**
 * The website's downloads: `/data` lists every release kept in
 * `data/releases/` (newest first) with each file's size and SHA-256, and
 * `/data/releases/<version>/<file>` serves the files — `latest` naming the
 * release of the dataset the API serves. Files are read as written by
 * `npm run release`, never rebuilt; a versioned URL's bytes never change,
 * so it is cacheable for a year, `latest` for five minutes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import {
  buildRepresentation,
  type Representation,
  sendRepresentation,
} from "../http/representation.ts";
import type { BulkEgress } from "../web/bulk-egress.ts";
import { html, type SafeHtml } from "../web/html.ts";
import { type Page, type PageContext, renderPage, sendHtml } from "../web/layout.ts";
import type { ReleaseManifest } from "./release.files.ts";

export type ReleasesOptions = {
  /** data/releases */
  releasesDir: string;
  /** The version the API serves (`meta.dataset_version`). */
  currentVersion: string;
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext | Promise<PageContext>;
  /** Release files are large downloads: paced with the site's other large bodies. */
  egress: BulkEgress;
  /** The codebook's address, at the section describing a file (null: the whole codebook). */
  codebookHref: (file: string | null) => string;
  /** The business download of the law in force now (built once per state of the law). */
  business: () => Representation;
};

const FILE_NAME = /^[a-z0-9-]+\.(json|csv|geojson)$/;
const VERSION = /^[0-9]{4}\.[0-9]{2}\.[0-9]{2}(\.[0-9]+)?$/;
/** Files kept in memory with their compressed variants, oldest dropped first. */
const FILE_CACHE_SIZE = 12;

export function readReleases(releasesDir: string): ReleaseManifest[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir)
    .filter((name) => VERSION.test(name) && existsSync(join(releasesDir, name, "manifest.json")))
    .map(
      (name) =>
        JSON.parse(
          readFileSync(join(releasesDir, name, "manifest.json"), "utf8"),
        ) as ReleaseManifest,
    )
    .sort((a, b) => (a.dataset_version < b.dataset_version ? 1 : -1));
}

function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function filesTable(
  release: ReleaseManifest,
  urlVersion: string,
  codebookHref: ReleasesOptions["codebookHref"],
): SafeHtml {
  const rows = release.files.map(
    (file) => html`<tr>
  <th scope="row"><a href="/data/releases/${urlVersion}/${file.name}" download>${file.name}</a></th>
  <td>${file.title}${file.name.endsWith(".csv") ? html` <a class="codebook-link" href="${codebookHref(file.name)}">Columns: the codebook<span class="visually-hidden"> for ${file.name}</span></a>` : ""}</td>
  <td class="num">${file.rows.toLocaleString("en-US")}</td>
  <td class="num">${humanBytes(file.bytes)} <span class="muted">(${file.bytes.toLocaleString("en-US")} bytes)</span></td>
  <td><code class="digest">${file.sha256}</code></td>
</tr>`,
  );
  return html`<div class="table-scroll" role="region" aria-label="Files of release ${release.dataset_version}" tabindex="0">
<table class="files-table">
<thead><tr><th scope="col">File</th><th scope="col">Contents</th><th scope="col">Rows</th><th scope="col">Size</th><th scope="col">SHA-256</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>`;
}

function renderDataPage(
  releases: readonly ReleaseManifest[],
  currentVersion: string,
  codebookHref: ReleasesOptions["codebookHref"],
): SafeHtml {
  const current = releases.find((release) => release.dataset_version === currentVersion);
  const earlier = releases.filter((release) => release !== current);
  const currentSection =
    current === undefined
      ? html`<p>The API serves data of version ${currentVersion}: ${currentVersion.endsWith("+unreleased") ? "changes recorded since the newest release below, not released yet" : "its files have not been published yet"}.</p>`
      : html`<p>Release <strong>${current.dataset_version}</strong>, released ${current.released} — the data the API serves now (<code>meta.dataset_version</code>). Stable links: <code>/data/releases/${current.dataset_version}/&lt;file&gt;</code>; the newest release is also at <code>/data/releases/latest/&lt;file&gt;</code>.</p>
${filesTable(current, current.dataset_version, codebookHref)}`;
  const earlierSection =
    earlier.length === 0
      ? html`<p>No earlier releases yet.</p>`
      : earlier.map(
          (release) => html`<details>
<summary>Release ${release.dataset_version} (released ${release.released})</summary>
${filesTable(release, release.dataset_version, codebookHref)}
</details>`,
        );
  return html`<h1>Data downloads</h1>
<p class="lead">The whole dataset, tables for spreadsheets and statistics packages, a GeoJSON map layer and research panels — for every release, at links that never change. What every variable means and how it is counted: <a href="${codebookHref(null)}">the codebook</a>.</p>
<section aria-labelledby="current-heading">
<h2 id="current-heading">Current release</h2>
${currentSection}
</section>
<section aria-labelledby="business-heading">
<h2 id="business-heading">For a business: where you can sell, the limits and the taxes</h2>
<p><a href="/data/business.csv" download>business.csv</a>: one row per adult-use jurisdiction, territories included — whether licensed retail sales are open (<code>adult_use_sales_operating</code>), the minimum age, every purchase limit (flower, concentrate, edibles, total THC, visitors) and its period, delivery, lounges, public use, towns' opt-out, each tax as it is levied (a percent of the retail or wholesale price, per weight, per milligram of THC, potency tiers; an empty cell with <code>other_base</code> where the state taxes another base, never a 0 that reads as untaxed) and the general sales tax, hemp products and federal law on them — each with the law's citation beside it, when it was checked and how far its sources reach. It is built from the law in force today; the same file is part of each new release. <a class="codebook-link" href="${codebookHref("business.csv")}">Columns: the codebook</a>.</p>
</section>
<section aria-labelledby="panels-heading">
<h2 id="panels-heading">Research panels</h2>
<p>One row per jurisdiction and year (or month) from 1990 through the release year. Each indicator — <code>decriminalized</code>, <code>adult_use_legal</code>, <code>adult_use_sales</code>, <code>medical_legal</code>, <code>medical_program</code>, <code>home_grow_allowed</code> — is given as of the period's first day (1/0, empty where the history cannot tell), as the share of the period's days it was in force (<code>…_share</code>, 0–1), and with the exact dates it changed inside the period (<code>…_changed</code>) and their precision.</p>
<p>Pick the basis your design needs: <strong>effective</strong> (the day the law took effect), <strong>enacted</strong> (the day voters approved or the governor signed) or <strong>operating</strong> (the day licensed sales began). The columns, the counting rules, why a value is empty and a worked difference-in-differences example are in <a href="${codebookHref(null)}">the codebook</a>.</p>
</section>
<section aria-labelledby="earlier-heading">
<h2 id="earlier-heading">Earlier releases</h2>
${earlierSection}
</section>
<section aria-labelledby="cite-heading">
<h2 id="cite-heading">Licence and citation</h2>
<p>The data is licensed under <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">Creative Commons Attribution 4.0 (CC BY 4.0)</a>: use it for anything, and credit “Cannabis Legal Status dataset, release ${current?.dataset_version ?? currentVersion}”. Cite the release you used — its version and the SHA-256 of the files — so others can reproduce your work.</p>
</section>`;
}

export async function releasesRoutes(app: FastifyInstance, options: ReleasesOptions) {
  const releases = readReleases(options.releasesDir);
  const byVersion = new Map(releases.map((release) => [release.dataset_version, release]));
  const latest =
    byVersion.get(options.currentVersion) ??
    releases.find((release) => release.dataset_version <= options.currentVersion) ??
    null;
  const body = renderDataPage(releases, options.currentVersion, options.codebookHref);
  const cache = new Map<string, Representation>();

  const page = (): Page => ({
    title: "Data downloads",
    description:
      "Download the cannabis legal status dataset: JSON, CSV, GeoJSON and yearly and monthly research panels, every release with checksums.",
    body,
    feeds: [{ title: "Cannabis law changes (Atom)", href: "/changes.atom" }],
  });

  app.get("/data", { schema: { hide: true } }, async (request, reply) => {
    const context = await options.pageContext(request, reply);
    return sendHtml(reply, 200, renderPage(context, page()), "private, no-cache");
  });

  app.get("/data/business.csv", { schema: { hide: true }, compress: false }, (request, reply) => {
    reply.header(
      "content-disposition",
      'attachment; filename="cannabis-legal-status-business.csv"',
    );
    return sendRepresentation(request, reply, options.business(), {
      cacheControl: "public, max-age=300, stale-while-revalidate=60",
      contentType: "text/csv; charset=utf-8; header=present",
      vary: "Accept-Encoding",
    });
  });

  app.get<{ Params: { version: string; file: string } }>(
    "/data/releases/:version/:file",
    { schema: { hide: true }, compress: false },
    (request, reply) => {
      const { version, file } = request.params;
      const isLatest = version === "latest";
      const release = isLatest ? latest : (byVersion.get(version) ?? null);
      const entry = release?.files.find((candidate) => candidate.name === file);
      if (release === null || entry === undefined || !FILE_NAME.test(file)) {
        throw new AppError(
          "not_found",
          `No file ${file.slice(0, 80)} in release ${version.slice(0, 40)}.`,
        );
      }
      const key = `${release.dataset_version}/${file}`;
      let representation = cache.get(key);
      if (representation === undefined) {
        const bytes = readFileSync(join(options.releasesDir, release.dataset_version, file));
        representation = buildRepresentation(bytes, { brotliQuality: 6 });
        if (cache.size >= FILE_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(key, representation);
      }
      reply.header(
        "content-disposition",
        `attachment; filename="cannabis-legal-status-${release.dataset_version}-${file}"`,
      );
      reply.header("x-content-sha256", entry.sha256);
      return sendRepresentation(request, reply, representation, {
        cacheControl: isLatest
          ? "public, max-age=300, stale-while-revalidate=60"
          : "public, max-age=31536000, immutable",
        contentType: entry.media_type,
        vary: "Accept-Encoding",
        sendBody: options.egress.send,
      });
    },
  );
}
