/**
 * The dependency rule, kept: every import in src/ (static `import … from`,
 * `export … from`, `import "…"`, and `import("…")` with a literal) is read,
 * mapped to an arrow between rooms — a folder of src/ (`api`, `web`, …) or a
 * top-level file by its name (`app`, `server`, `config`, `errors`, `paths`) —
 * and held against the allowed arrows in docs/architecture.md
 * ("Dependency rule"). An arrow the table lacks fails with the import that
 * makes it (file:line); so does a circle between rooms, even of allowed
 * arrows. Imports inside one room are not arrows. The reader is checked on
 * fixtures first, so the rule cannot pass because nothing was read.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

type Import = { file: string; line: number; specifier: string };
type Arrow = { from: string; to: string; at: Import };

/**
 * The source with comments and template-literal text blanked (newlines kept,
 * so offsets keep their lines): an import shown in a comment or in generated
 * code is not an import. Quoted strings are kept and end at their line's end.
 */
function codeOnly(source: string): string {
  const out = source.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  // Each open template literal, and the brace depth of its `${` when inside one.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (templates.length > 0 && templates.at(-1) === -1) {
      // Inside a template's text.
      const start = i;
      while (
        i < source.length &&
        source[i] !== "`" &&
        !(source[i] === "$" && source[i + 1] === "{")
      )
        i += source[i] === "\\" ? 2 : 1;
      blank(start, i);
      if (source[i] === "`") {
        templates.pop();
        i++;
      } else if (i < source.length) {
        templates[templates.length - 1] = depth;
        depth++;
        i += 2;
      }
      continue;
    }
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== "\n")
        i += source[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "`") {
      templates.push(-1);
      i++;
    } else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      depth--;
      if (templates.length > 0 && templates.at(-1) === depth) templates[templates.length - 1] = -1;
      i++;
    } else i++;
  }
  return out.join("");
}

const IMPORT_PATTERNS = [
  // import … from "x"; export … from "x" (also `import type`, `export *`), over several lines.
  /(?:^|[;}\n])\s*(?:import|export)\b[^;"'`]*?\bfrom\s*(["'])([^"'\n]+)\1/g,
  // import "x" (for its effects)
  /(?:^|[;}\n])\s*import\s*(["'])([^"'\n]+)\1/g,
  // import("x") with a literal
  /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*[,)]/g,
];

/** Every import of one file, with the line of its specifier. */
export function importsOf(file: string, source: string): Import[] {
  const code = codeOnly(source);
  const found: Import[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[2] ?? "";
      const at = (match.index ?? 0) + match[0].lastIndexOf(specifier);
      found.push({ file, line: code.slice(0, at).split("\n").length, specifier });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The room of a path under src/: its folder, or a top-level file's name. */
export function roomOf(pathInSrc: string): string {
  const [first = "", ...rest] = pathInSrc.split("/");
  return rest.length === 0 ? first.replace(/\.ts$/, "") : first;
}

/** The arrows between rooms that these files' relative imports make (paths relative to src/). */
export function arrowsOf(files: ReadonlyMap<string, string>): Arrow[] {
  const arrows: Arrow[] = [];
  for (const [file, source] of files) {
    for (const found of importsOf(file, source)) {
      if (!found.specifier.startsWith(".")) continue; // a package
      const target = posix.normalize(posix.join(posix.dirname(file), found.specifier));
      const from = roomOf(file);
      // An import that leaves src/ is an arrow to that place, which no row allows.
      const to = target.startsWith("../") ? target : roomOf(target);
      if (from !== to) arrows.push({ from, to, at: found });
    }
  }
  return arrows;
}

/** The allowed arrows: the table under "Dependency rule" whose head is `| From | May import |`. */
export function allowedArrowsOf(markdown: string): Map<string, Set<string>> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("Dependency rule"));
  assert.ok(section, 'docs/architecture.md has a "## Dependency rule" section');
  const lines = section.split("\n");
  const head = lines.findIndex((line) => /^\|\s*From\s*\|\s*May import\s*\|\s*$/i.test(line));
  assert.ok(head >= 0, "the section has a table headed | From | May import |");
  const allowed = new Map<string, Set<string>>();
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith("|")) break;
    const [from = "", to = ""] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.replaceAll("`", "").trim());
    const targets = to === "" || to === "nothing" ? [] : to.split(/\s*,\s*/);
    allowed.set(from, new Set(targets));
  }
  assert.ok(allowed.size > 0, "the table has rows");
  return allowed;
}

/** The arrows no row allows, one line each, naming the import that makes it. */
export function forbiddenArrows(
  arrows: readonly Arrow[],
  allowed: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  return arrows
    .filter((arrow) => !allowed.get(arrow.from)?.has(arrow.to))
    .map(
      ({ from, to, at }) =>
        `src/${at.file}:${at.line} imports "${at.specifier}": ${from} → ${to} is not an allowed arrow`,
    );
}

/** Circles between rooms: each as the rooms in order, the first repeated at the end. */
export function circlesOf(arrows: readonly Pick<Arrow, "from" | "to">[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of arrows) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const circles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (room: string) => {
    if (onPath.has(room)) {
      circles.push([...path.slice(path.indexOf(room)), room]);
      return;
    }
    if (done.has(room)) return;
    path.push(room);
    onPath.add(room);
    for (const to of [...(next.get(room) ?? [])].sort()) visit(to);
    path.pop();
    onPath.delete(room);
    done.add(room);
  };
  for (const room of [...next.keys()].sort()) visit(room);
  return circles;
}

/** Where each arrow of a circle is made (its first import). */
function explainCircle(circle: readonly string[], arrows: readonly Arrow[]): string {
  const steps = circle.slice(1).map((to, k) => {
    const from = circle[k];
    const first = arrows.find((arrow) => arrow.from === from && arrow.to === to);
    return `  ${from} → ${to}: src/${first?.at.file}:${first?.at.line} imports "${first?.at.specifier}"`;
  });
  return [`circle: ${circle.join(" → ")}`, ...steps].join("\n");
}

function sourcesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split(sep).join("/"), readFileSync(path, "utf8"));
  }
  return files;
}

describe("the import reader (on fixtures)", () => {
  const fixture = new Map([
    [
      "lib/dates.ts",
      [
        "/** A comment is no import: import { x } from '../web/html.ts'; */",
        'import { a } from "./local.ts";',
        "import {",
        "  type B,",
        "  c,",
        '} from "../web/html.ts";',
        "// import { y } from '../api/gone.ts';",
        'export { d } from "../mail/mailer.ts";',
        'export * from "../db/schema.ts";',
        'import "../ops/side-effect.ts";',
        'import { readFileSync } from "node:fs";',
        "const shown = `import { z } from '../api/in-a-template.ts'`;",
        'const later = () => import("../api/later.ts");',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source code with a template, as a fixture
        'const tpl = `${"}"} ${(await import("../errors.ts")).x}`;',
      ].join("\n"),
    ],
    ["web/html.ts", 'import type { Q } from "../lib/dates.ts";\n'],
  ]);
  const arrows = arrowsOf(fixture);

  test("reads static, re-exported, side-effect and literal dynamic imports; not comments or templates", () => {
    assert.deepEqual(
      arrows.map(({ from, to, at }) => `${from} → ${to} (${at.file}:${at.line})`),
      [
        "lib → web (lib/dates.ts:6)",
        "lib → mail (lib/dates.ts:8)",
        "lib → db (lib/dates.ts:9)",
        "lib → ops (lib/dates.ts:10)",
        "lib → api (lib/dates.ts:13)",
        "lib → errors (lib/dates.ts:14)",
        "web → lib (web/html.ts:1)",
      ],
    );
  });

  test("an arrow missing from the table is refused, naming file:line", () => {
    const allowed = allowedArrowsOf(
      [
        "## Dependency rule",
        "",
        "| From | May import |",
        "| --- | --- |",
        "| web | `lib` |",
        "| lib | mail, db, ops, api, errors |",
        "",
      ].join("\n"),
    );
    assert.deepEqual(forbiddenArrows(arrows, allowed), [
      'src/lib/dates.ts:6 imports "../web/html.ts": lib → web is not an allowed arrow',
    ]);
  });

  test("a circle between rooms is found, and none where there is none", () => {
    assert.deepEqual(circlesOf(arrows), [["lib", "web", "lib"]]);
    assert.deepEqual(
      circlesOf([
        { from: "app", to: "api" },
        { from: "api", to: "lib" },
        { from: "app", to: "lib" },
      ]),
      [],
    );
  });

  test("a top-level file is a room of its own; an import out of src/ is an arrow to that place", () => {
    assert.equal(roomOf("app.ts"), "app");
    assert.equal(roomOf("web/assets/x.ts"), "web");
    const out = arrowsOf(new Map([["app.ts", 'import x from "../test/helpers.ts";\n']]));
    assert.deepEqual(
      out.map(({ from, to }) => `${from} → ${to}`),
      ["app → ../test/helpers.ts"],
    );
  });
});

describe("the dependency rule (docs/architecture.md)", () => {
  const allowed = allowedArrowsOf(readFileSync(join(ROOT, "docs", "architecture.md"), "utf8"));
  const arrows = arrowsOf(sourcesUnder(join(ROOT, "src")));

  test("src/ is read: its imports make arrows between rooms", () => {
    assert.ok(arrows.length > 100, `only ${arrows.length} imports between rooms were read`);
    for (const room of ["server", "app", "api", "web", "dataset", "lib"])
      assert.ok(
        arrows.some((arrow) => arrow.from === room || arrow.to === room),
        `no arrow touches ${room}`,
      );
  });

  test("every import between rooms is an allowed arrow", () => {
    const forbidden = forbiddenArrows(arrows, allowed);
    assert.deepEqual(forbidden, [], `\n${forbidden.join("\n")}\n`);
  });

  test("no circle between rooms", () => {
    const circles = circlesOf(arrows);
    assert.deepEqual(
      circles.map((circle) => circle.join(" → ")),
      [],
      `\n${circles.map((circle) => explainCircle(circle, arrows)).join("\n")}\n`,
    );
  });

  test("the table itself is a rule with floors: no circle in the allowed arrows", () => {
    const tableArrows = [...allowed].flatMap(([from, targets]) =>
      [...targets].map((to) => ({ from, to })),
    );
    assert.deepEqual(circlesOf(tableArrows), []);
  });
});
