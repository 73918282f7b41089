/**
 * Downloads, registered by the composition root (src/app.ts) after the
 * website: `/data` and the files of every release (releases.routes.ts), each
 * CSV linked to the section of the codebook (`/data/codebook`, served by the
 * website) that describes its columns, and `/data/business.csv`, the business
 * download of the law in force, built on first request for each state of the
 * law. Release files are large downloads: they share the website's pace.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Dataset } from "../dataset/dataset.load.ts";
import type { LiveLaw } from "../dataset/law.live.ts";
import { buildRepresentation } from "../http/representation.ts";
import { PROJECT_ROOT } from "../paths.ts";
import type { BulkEgress } from "../web/bulk-egress.ts";
import { CODEBOOK_PATH, codebookAnchorFor, headingsOf } from "../web/codebook.page.ts";
import type { PagePluginOptions } from "../web/layout.ts";
import { businessCsv } from "./release.files.ts";
import { releasesRoutes } from "./releases.routes.ts";

export async function registerReleases(
  app: FastifyInstance,
  options: {
    config: Config;
    /** The law in force; the business download follows it. */
    live: LiveLaw;
    /** The version of the dataset this server started with. */
    currentVersion: Dataset["manifest"]["version"];
    /** The pace large downloads share (the website's). */
    egress: BulkEgress;
    pageContext: PagePluginOptions["pageContext"];
  },
): Promise<void> {
  const { config, live } = options;
  // /data links each CSV to the section of the codebook (docs/DATA.md) that describes it.
  const codebookFile = join(PROJECT_ROOT, "docs", "DATA.md");
  const codebookHeadings = existsSync(codebookFile)
    ? headingsOf(readFileSync(codebookFile, "utf8"))
    : [];
  await app.register(releasesRoutes, {
    releasesDir: join(config.dataDir, "releases"),
    currentVersion: options.currentVersion,
    pageContext: options.pageContext,
    egress: options.egress,
    codebookHref: (file) => {
      const anchor = file === null ? null : codebookAnchorFor(codebookHeadings, file);
      return anchor === null ? CODEBOOK_PATH : `${CODEBOOK_PATH}#${anchor}`;
    },
    // The business download of each state of the law, built on first request.
    business: live.derive((state) =>
      buildRepresentation(businessCsv(state.readable.jurisdictions).csv, { brotliQuality: 6 }),
    ),
  });
}
