import type { InstructionsDocument } from './translation';

/** The instructions document as plain text (what a provider that takes context gets). Pure, unit-tested. */
export function instructionsText(doc: InstructionsDocument): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if ('text' in node && typeof node.text === 'string') texts.push(node.text);
    for (const key of ['nodes', 'leaves'] as const) {
      const children = (node as Record<string, unknown>)[key];
      if (Array.isArray(children)) children.forEach(walk);
    }
    if ('object' in node && node.object === 'block') texts.push('\n');
  };
  doc.nodes.forEach(walk);
  return texts.join('').replace(/\n+/g, '\n').trim();
}
