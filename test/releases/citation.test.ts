import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { baseVersion } from "../../src/dataset/dataset.source.ts";
import { realDataset } from "../helpers.ts";

test("CITATION.cff names the current release and the data licence", () => {
  const citation = readFileSync("CITATION.cff", "utf8");
  const { released } = realDataset().manifest;
  const version = baseVersion(realDataset().manifest.version);
  assert.match(citation, new RegExp(`^version: "${version.replaceAll(".", "\\.")}"$`, "m"));
  assert.match(citation, new RegExp(`^date-released: "${released}"$`, "m"));
  assert.match(citation, /^license: CC-BY-4\.0$/m);
});
