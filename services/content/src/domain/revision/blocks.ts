import { createHash } from 'node:crypto';
import { diffIndices } from 'node-diff3';
import { parseFrontmatter } from './markdown';
import { ContentError } from './types';

/**
 * The top-level blocks of a markdown body, as `format=document` shows them and `revert_page` with `block` names
 * them (docs/adr/0015). Each keeps its exact source `text` and the whitespace `after` it, so the body is
 * `lead + Σ(text + after)` byte for byte. A key comes from the text (and which occurrence of it): markdown has no
 * stored block identities, so a key names the block as it reads, and an edited block gets a new key (revertBlocks).
 */
export interface MarkdownBlock {
  key: string;
  text: string;
  after: string;
  /** The last block of its body: `after` is the document's trailing whitespace, not a separator. */
  final: boolean;
  /** The body's line (from 0) the block starts on. */
  line: number;
}

export const FENCE = /^(```|~~~)[ \t]*(\S*)/;
export const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;
export const QUOTE = /^>\s?/;
export const LIST_ITEM = /^\s*([-*+]|\d+\.)\s+/;
const STARTS_BLOCK = /^(#{1,3}\s|```|~~~|>|\s*([-*+]|\d+\.)\s)/;

export function splitBlocks(body: string): { lead: string; blocks: MarkdownBlock[] } {
  const lines: Array<{ start: number; end: number; text: string }> = [];
  const newline = /\r?\n/g;
  let start = 0;
  for (let m = newline.exec(body); m; m = newline.exec(body)) {
    lines.push({ start, end: m.index, text: body.slice(start, m.index) });
    start = m.index + m[0].length;
  }
  lines.push({ start, end: body.length, text: body.slice(start) });

  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].text;
    const fence = FENCE.exec(line);
    if (fence) {
      let j = i + 1;
      while (j < lines.length && !lines[j].text.startsWith(fence[1])) j++;
      ranges.push([i, Math.min(j, lines.length - 1)]);
      i = j;
    } else if (HEADING.test(line) || QUOTE.test(line) || LIST_ITEM.test(line)) {
      ranges.push([i, i]);
    } else if (line.trim()) {
      let j = i;
      while (j + 1 < lines.length && lines[j + 1].text.trim() && !STARTS_BLOCK.test(lines[j + 1].text)) j++;
      ranges.push([i, j]);
      i = j;
    }
  }

  const seen = new Map<string, number>();
  const blocks = ranges.map(([from, to], n) => {
    const text = body.slice(lines[from].start, lines[to].end);
    const next = ranges[n + 1];
    const after = body.slice(lines[to].end, next ? lines[next[0]].start : body.length);
    const occurrence = (seen.get(text) ?? 0) + 1;
    seen.set(text, occurrence);
    return { key: blockKey(text, occurrence), text, after, final: !next, line: from };
  });
  return { lead: ranges.length ? body.slice(0, lines[ranges[0][0]].start) : body, blocks };
}

/** The key of each block by the line it starts on: what a reader of the same body puts on the block it reads there. */
export function blockKeysByLine(body: string): (line: number) => string | undefined {
  const keys = new Map(splitBlocks(body).blocks.map((b) => [b.line, b.key]));
  return (line) => keys.get(line);
}

function blockKey(text: string, occurrence: number): string {
  const digest = createHash('sha1').update(text).digest('hex').slice(0, 12);
  return occurrence === 1 ? `b${digest}` : `b${digest}-${occurrence}`;
}

export function joinBlocks(lead: string, blocks: MarkdownBlock[]): string {
  return (
    lead +
    blocks
      .map((b, i) => {
        // A block that ended its document, now followed by another, needs a separator instead of the
        // document's trailing whitespace; and the new last block ends the way the document did.
        if (i === blocks.length - 1) return b.text + (b.final ? b.after : '\n');
        return b.text + (b.final || !b.after.includes('\n') ? '\n\n' : b.after);
      })
      .join('')
  );
}

/**
 * Reverts the blocks named by `keys` in `current` to how they read in `target` (both whole markdown
 * documents; the current frontmatter and every other block stay as they are). The two bodies are aligned
 * block by block (longest common subsequence, then the most similar blocks within each changed region); then a named block that was added since is removed, one
 * deleted since is restored where it was, one modified since (named by its key in either document) reads as
 * in `target` again, and one moved since (same text, other place) goes back to its old place.
 */
export function revertBlocks(current: string, target: string, keys: string[]): string {
  const currentBody = parseFrontmatter(current).body;
  const frontmatter = current.slice(0, current.length - currentBody.length);
  const cur = splitBlocks(currentBody);
  const tgt = splitBlocks(parseFrontmatter(target).body);
  const wanted = new Set(keys);
  const known = new Set([...cur.blocks, ...tgt.blocks].map((b) => b.key));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown) throw new ContentError(`block "${unknown}" is neither in the page nor in the revision it is reverted to`);

  const out: MarkdownBlock[] = [];
  let next = 0;
  const hunks = diffIndices(
    cur.blocks.map((b) => b.text),
    tgt.blocks.map((b) => b.text),
  );
  for (const hunk of hunks) {
    const [curFrom, curLength] = hunk.buffer1;
    const [tgtFrom, tgtLength] = hunk.buffer2;
    out.push(...cur.blocks.slice(next, curFrom)); // unchanged
    for (const { now, before } of alignHunk(cur.blocks.slice(curFrom, curFrom + curLength), tgt.blocks.slice(tgtFrom, tgtFrom + tgtLength))) {
      if (now && before) out.push(wanted.has(now.key) || wanted.has(before.key) ? before : now); // modified
      else if (now && !wanted.has(now.key)) out.push(now); // added since: kept unless named
      else if (before && wanted.has(before.key)) out.push(before); // deleted since: restored when named
    }
    next = curFrom + curLength;
  }
  out.push(...cur.blocks.slice(next));
  return frontmatter + joinBlocks(cur.lead, out);
}

/** Blocks at least this similar (Dice coefficient of their words) are one block modified, not two. */
const SAME_BLOCK = 0.5;
/** Beyond this many block pairs in one changed region, its blocks count as added and deleted, not paired. */
const MAX_ALIGNED_PAIRS = 250_000;

/**
 * Pairs the blocks of one changed region, in order, so that the total similarity of the pairs is highest:
 * a paired block was modified, an unpaired one added (`now` only) or deleted (`before` only).
 */
function alignHunk(now: MarkdownBlock[], before: MarkdownBlock[]): Array<{ now?: MarkdownBlock; before?: MarkdownBlock }> {
  const n = now.length;
  const m = before.length;
  if (n * m > MAX_ALIGNED_PAIRS) return [...before.map((b) => ({ before: b })), ...now.map((b) => ({ now: b }))];
  const words = (b: MarkdownBlock) => b.text.toLowerCase().match(/\w+/g) ?? [];
  const nowWords = now.map(words);
  const beforeWords = before.map(words);
  const similarity = (i: number, j: number) => dice(nowWords[i], beforeWords[j]);
  // best[i][j]: highest total similarity aligning now[i..] with before[j..]
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = similarity(i, j);
      best[i][j] = Math.max(best[i + 1][j], best[i][j + 1], s >= SAME_BLOCK ? s + best[i + 1][j + 1] : 0);
    }
  }
  const out: Array<{ now?: MarkdownBlock; before?: MarkdownBlock }> = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m) {
      const s = similarity(i, j);
      if (s >= SAME_BLOCK && best[i][j] === s + best[i + 1][j + 1]) out.push({ now: now[i++], before: before[j++] });
      else if (best[i][j] === best[i][j + 1]) out.push({ before: before[j++] });
      else out.push({ now: now[i++] });
    } else if (j < m) out.push({ before: before[j++] });
    else out.push({ now: now[i++] });
  }
  return out;
}

function dice(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      common++;
      counts.set(w, c - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

