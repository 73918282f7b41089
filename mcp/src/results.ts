/**
 * Tool results sized for a model's context.
 *
 * Contract:
 * - A result is one JSON body, `{ data, meta, view }`, sent twice as MCP
 *   asks (as text, and as structured content), so the text is at most
 *   `MAX_BODY_CHARACTERS` and the whole result at most
 *   `MAX_RESULT_CHARACTERS` (about 25,000 tokens at 4 characters a token),
 *   whatever the arguments and however the dataset grows.
 * - `data` holds the API's records or events (or the part that fits) and
 *   `meta` the API's own `meta` unchanged. `view` says what was returned and
 *   how to get the rest: `next_cursor` when a list continues, `omitted` (each
 *   left-out field and its size) when a record does not fit whole, and `more`,
 *   a sentence for the assistant.
 * - Nothing is cut inside a record or an event: lists are paged by whole
 *   items, and a record too large for one answer loses whole top-level
 *   fields, largest first, each named in `omitted`, so a citation
 *   (`authority`, `sources`) always travels with the facts it backs.
 */

/** The whole result (its text and its structured copy) stays under this. */
export const MAX_RESULT_CHARACTERS = 100_000;
/** The body, sent twice: its text and its structured copy. */
export const MAX_BODY_CHARACTERS = 48_000;
/** Characters a token is counted as, for the costs tools state. */
export const CHARACTERS_PER_TOKEN = 4;

export type View = {
  /** What `data` holds. */
  shows: string;
  /** Items in `data`, and how many the whole answer has (lists). */
  returned?: number;
  total?: number;
  /** Pass as `cursor` for the next part; null on the last. */
  next_cursor?: string | null;
  /** Top-level fields left out to stay within the limit, with their sizes in characters. */
  omitted?: Record<string, number>;
  /** How to get more, or something else, for the assistant. */
  more: string;
  /** This answer's size and the limit, in characters. */
  characters?: number;
  limit_characters?: number;
};

export type Body = { data: unknown; meta: Record<string, unknown>; view: View };

const sizeOf = (value: unknown) => JSON.stringify(value).length;

/** The body with its own size stated in `view.characters`. */
export function sized(body: Body): Body {
  const view: View = { ...body.view, characters: 0, limit_characters: MAX_BODY_CHARACTERS };
  let stated = { ...body, view };
  // The size counts its own digits: settle it in a step or two.
  for (let round = 0; round < 3; round += 1) {
    const characters = sizeOf(stated);
    if (characters === stated.view.characters) break;
    stated = { ...stated, view: { ...stated.view, characters } };
  }
  return stated;
}

/**
 * How many of `items`, from the first, fit in one body with `envelope`
 * (the body with `data: []`); at least none, at most all.
 */
export function countThatFit(items: readonly unknown[], envelope: Body): number {
  // Room left for the view's later figures (counts, cursor, size): a margin.
  let used = sizeOf(sized(envelope)) + 64;
  let count = 0;
  for (const item of items) {
    used += sizeOf(item) + (count === 0 ? 0 : 1);
    if (used > MAX_BODY_CHARACTERS) break;
    count += 1;
  }
  return count;
}

/**
 * A record that fits in one body with `envelope`: whole if it can, else
 * without its largest top-level fields (never `keep`), each named with its
 * size in `omitted`.
 */
export function fitRecord(
  record: Record<string, unknown>,
  envelope: Body,
  keep: readonly string[] = [],
): { record: Record<string, unknown>; omitted: Record<string, number> } {
  const omitted: Record<string, number> = {};
  const kept = { ...record };
  const fits = () =>
    sizeOf(sized({ ...envelope, data: kept, view: { ...envelope.view, omitted } })) + 64 <=
    MAX_BODY_CHARACTERS;
  const bySize = Object.keys(record)
    .filter((name) => !keep.includes(name))
    .sort((a, b) => sizeOf(record[b]) - sizeOf(record[a]));
  for (const name of bySize) {
    if (fits()) break;
    omitted[name] = sizeOf(record[name]);
    delete kept[name];
  }
  return { record: kept, omitted };
}

/** Tokens, roughly, for the costs stated to the assistant. */
export const tokensOf = (characters: number) => Math.ceil(characters / CHARACTERS_PER_TOKEN);
