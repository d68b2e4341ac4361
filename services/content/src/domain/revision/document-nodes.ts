import { ContentError } from './types';

/**
 * Reading a GitBook JSON document sent by a caller: nothing in it is trusted, so every access checks the
 * shape and a wrong one is a ContentError naming the node by its path (`document.nodes[2].nodes[0]`).
 */
export type DocNode = Record<string, unknown>;

/** The styles of a hint block (DocumentBlockHint). */
export const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);

/** Deeper nesting than this is refused rather than risk exhausting the stack on a hostile document. */
export const MAX_DOCUMENT_DEPTH = 32;

export function fail(path: string, message: string): never {
  throw new ContentError(`${path}: ${message}`);
}

/** Something GitBook's markdown has no form for: refused, unless the JSON document is kept (docs/adr/0072). */
export class NoMarkdownForm extends ContentError {}

export function noMarkdownForm(path: string, message: string): never {
  throw new NoMarkdownForm(`${path}: ${message}`);
}

export function asNode(value: unknown, path: string): DocNode {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(path, 'must be an object');
  return value as DocNode;
}

/** The child nodes under `key` (default `nodes`), each with its path; a missing list counts as empty. */
export function childrenOf(node: DocNode, path: string, depth: number, key = 'nodes'): Array<{ node: DocNode; path: string }> {
  if (depth > MAX_DOCUMENT_DEPTH) fail(path, `the document is nested more than ${MAX_DOCUMENT_DEPTH} levels deep`);
  const list = node[key];
  if (list === undefined) return [];
  if (!Array.isArray(list)) fail(path, `"${key}" must be an array`);
  return list.map((child, i) => ({ node: asNode(child, `${path}.${key}[${i}]`), path: `${path}.${key}[${i}]` }));
}

export function dataOf(node: DocNode, path: string): DocNode {
  return node.data === undefined ? {} : asNode(node.data, `${path}.data`);
}

export function typeOf(node: DocNode, path: string, object: 'block' | 'inline'): string {
  if (node.object !== object) fail(path, `expected ${object === 'inline' ? 'an inline' : 'a block'} node, got object "${String(node.object)}"`);
  if (typeof node.type !== 'string') fail(path, `${object} node without a type`);
  return node.type;
}

export function stringField(data: DocNode, key: string, path: string): string {
  const value = data[key];
  if (typeof value !== 'string') fail(path, `data.${key} must be a string`);
  return value;
}
