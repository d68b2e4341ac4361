import { parseFrontmatter } from '../domain/revision/markdown';

/**
 * A markdown document in GitBook's JSON document shape (`format=document`): one block per markdown block
 * (headings 1-3, code, quotes, list items, paragraphs), each with its text as one leaf. Inline marks stay in
 * the text as written.
 */
export function documentFromMarkdown(markdown: string) {
  const { body } = parseFrontmatter(markdown);
  const nodes: unknown[] = [];
  const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
  const block = (type: string, value: string, data: Record<string, unknown> = {}) => ({ object: 'block', type, isVoid: false, data, nodes: [text(value)] });
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^(```|~~~)\s*(\S*)/.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith(fence[1]); i++) code.push(lines[i]);
      nodes.push({ object: 'block', type: 'code', isVoid: false, data: fence[2] ? { syntax: fence[2] } : {}, nodes: code.map((c) => block('code-line', c)) });
      continue;
    }
    const heading = /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) nodes.push(block(`heading-${heading[1].length}`, heading[2]));
    else if (/^>\s?/.test(line)) nodes.push({ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes: [block('paragraph', line.replace(/^>\s?/, ''))] });
    else if (/^\s*([-*+]|\d+\.)\s+/.test(line)) nodes.push(block('list-item', line.replace(/^\s*([-*+]|\d+\.)\s+/, '')));
    else if (line.trim()) {
      let paragraph = line;
      while (i + 1 < lines.length && lines[i + 1].trim() && !/^(#{1,3}\s|```|~~~|>|\s*([-*+]|\d+\.)\s)/.test(lines[i + 1])) paragraph += `\n${lines[++i]}`;
      nodes.push(block('paragraph', paragraph));
    }
  }
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}
