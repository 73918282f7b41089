/**
 * `/data/codebook`: the project's `docs/DATA.md` — the record's variables and
 * their values, the counting rules, why a value is null, the comparison with
 * other datasets, the downloads' columns — as a page of the site, beside the
 * files it describes. The Markdown is rendered on the server once, on the
 * first request (marked, GitHub's dialect), into the site's layout:
 *
 * - headings get GitHub's anchors (`#event-kinds`), so the file's own links
 *   and links from elsewhere (each CSV on /data) land on them;
 * - every table sits in a labelled, focusable scroll region, so a phone
 *   scrolls the table, never the page;
 * - raw HTML in the file is shown as text, and links into the repository
 *   (`../data/README.md`), which the site does not serve, become plain text.
 *
 * Whatever the file says when the server starts is what the page shows:
 * nothing of its content is written here.
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Marked, type Token, type Tokens } from "marked";
import { AppError } from "../errors.ts";
import { escapeHtml, html, SafeHtml } from "./html.ts";
import { type PageContext, renderPage, sendHtml } from "./layout.ts";

export const CODEBOOK_PATH = "/data/codebook";

export type Heading = { depth: number; text: string; id: string };

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Plain text of a heading's Markdown (code, emphasis and links unwrapped). */
function plainText(markdown: string): string {
  return markdown
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, "$1")
    .trim();
}

/** Gives each heading a unique anchor the way GitHub does: `x`, `x-1`, `x-2`. */
function anchorMaker() {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base = slugOf(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** The headings of a Markdown file (outside code blocks), with their anchors. */
export function headingsOf(markdown: string): Heading[] {
  const anchor = anchorMaker();
  const headings: Heading[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const text = plainText(match[2] as string);
      headings.push({ depth: (match[1] as string).length, text, id: anchor(text) });
    }
  }
  return headings;
}

/**
 * Where the codebook describes a download: the heading naming the file
 * (`events.csv`), else the one naming its kind (`panel-…` → "Panels"),
 * else null.
 */
export function codebookAnchorFor(headings: readonly Heading[], fileName: string): string | null {
  const named = headings.find((heading) => heading.text.toLowerCase().includes(fileName));
  if (named) return named.id;
  const kind = fileName.split(/[-.]/)[0] ?? "";
  const section = headings.find((heading) => heading.text.toLowerCase().startsWith(kind));
  return section?.id ?? null;
}

/** The page's HTML: the title, a table of contents of the sections, then the text. */
export function renderCodebook(markdown: string): { title: string; body: SafeHtml } {
  const headings = headingsOf(markdown);
  const anchor = anchorMaker();
  let section = "";
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const plain = plainText(text);
        const id = anchor(plain);
        if (depth <= 3) section = plain;
        return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      table(token: Tokens.Table) {
        const cell = (tokens: Tokens.TableCell, tag: "th" | "td") =>
          `<${tag}${tag === "th" ? ' scope="col"' : ""}>${this.parser.parseInline(tokens.tokens)}</${tag}>`;
        const head = token.header.map((header) => cell(header, "th")).join("");
        const rows = token.rows
          .map((row) => `<tr>${row.map((entry) => cell(entry, "td")).join("")}</tr>`)
          .join("\n");
        return `<div class="table-scroll codebook-table" role="region" aria-label="${escapeHtml(section)}: table" tabindex="0">
<table>
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody>
</table>
</div>\n`;
      },
      link({ href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (href.startsWith("#") || /^https?:\/\//.test(href)) {
          return `<a href="${escapeHtml(href)}">${inner}</a>`;
        }
        return inner;
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  const tokens = marked.lexer(markdown);
  const first = tokens.findIndex((token) => token.type === "heading" && token.depth === 1);
  const titleToken = tokens[first] as Tokens.Heading | undefined;
  const title = titleToken ? plainText(titleToken.text) : "The dataset";
  const intro = tokens.slice(0, Math.max(first + 1, 0));
  const rest = tokens.slice(first + 1);
  // The introduction up to the first section, then the contents, then the sections.
  const firstSection = rest.findIndex((token) => token.type === "heading");
  const lead = firstSection === -1 ? rest : rest.slice(0, firstSection);
  const sections = firstSection === -1 ? [] : rest.slice(firstSection);
  const render = (list: Token[]) => marked.parser(Object.assign(list, { links: tokens.links }));
  const contents = headings.filter((heading) => heading.depth === 2);
  const body = html`<article class="codebook">
${new SafeHtml(render(intro))}
${new SafeHtml(render(lead))}
<nav class="codebook-contents" aria-labelledby="codebook-contents-title">
<h2 id="codebook-contents-title">On this page</h2>
<ol>${contents.map((heading) => html`<li><a href="#${heading.id}">${heading.text}</a></li>`)}</ol>
</nav>
${new SafeHtml(render(sections))}
</article>`;
  return { title, body };
}

export type CodebookOptions = {
  /** docs/DATA.md */
  file: string;
  pageContext: (request: FastifyRequest, reply: FastifyReply) => PageContext;
};

export async function codebookRoutes(app: FastifyInstance, options: CodebookOptions) {
  let rendered: { title: string; body: SafeHtml } | null = null;
  app.get(CODEBOOK_PATH, { schema: { hide: true } }, (request, reply) => {
    if (rendered === null) {
      let markdown: string;
      try {
        markdown = readFileSync(options.file, "utf8");
      } catch {
        throw new AppError("not_found", "The codebook is not installed with this server.");
      }
      rendered = renderCodebook(markdown);
    }
    return sendHtml(
      reply,
      200,
      renderPage(options.pageContext(request, reply), {
        title: `Codebook: ${rendered.title.toLowerCase()}`,
        description:
          "The codebook of the cannabis legal status dataset: every variable and its values, the counting rules, why a value is null, how the data compares with APIS, PDAPS and HempData, and the columns of each download.",
        body: rendered.body,
        mainClass: "codebook-page",
      }),
      "private, no-cache",
    );
  });
}
