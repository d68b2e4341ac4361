/**
 * A markdown link target as a GitBook content ref, the way back of document-inline.ts's `linkTarget`: `/pages/<id>`
 * a page, `/files/<id>` a file, `/pages/<id>#a` or `#a` an anchor, `/reusable-contents/<id>` a reusable content,
 * anything else a URL as written. Pure.
 */
export function refFromLinkTarget(target: string): Record<string, string> {
  const reusable = /^\/reusable-contents\/([^/#?\s]+)$/.exec(target);
  if (reusable) return { kind: 'reusable-content', reusableContent: safeDecode(reusable[1]) };
  const ours = /^\/(pages|files)\/([^/#?\s]+)(?:#([^\s]*))?$/.exec(target);
  if (ours) {
    const [, kind, id, anchor] = ours;
    const decoded = safeDecode(id);
    if (kind === 'files' && anchor === undefined) return { kind: 'file', file: decoded };
    if (kind === 'pages') return anchor === undefined ? { kind: 'page', page: decoded } : { kind: 'anchor', page: decoded, anchor: safeDecode(anchor) };
  }
  if (/^#[^\s#]+$/.test(target)) return { kind: 'anchor', anchor: safeDecode(target.slice(1)) };
  return { kind: 'url', url: target };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
