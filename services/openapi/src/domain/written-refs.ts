/**
 * Each `$ref` of a document as written, by the file it resolves to (without its fragment), the way
 * @apidevtools/swagger-parser resolves it against `base`: a refusal can then name what the spec wrote
 * (`./package.json`) rather than what it resolved to. Walks each object once. Pure, unit-tested.
 */
export function writtenRefs(doc: unknown, base: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<object>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const ref = '$ref' in value ? value.$ref : undefined;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const file = resolveRef(base, ref).split('#')[0];
      if (!found.has(file)) found.set(file, ref.split('#')[0]);
    }
    for (const child of Object.values(value)) stack.push(child);
  }
  return found;
}

/** swagger-parser's (json-schema-ref-parser's) `url.resolve`: a relative `from` stays relative (a path). */
export function resolveRef(from: string, to: string): string {
  const placeholder = 'placeholder.invalid';
  const resolved = new URL(to, new URL(from, `https://${placeholder}`));
  return resolved.hostname === placeholder ? `${resolved.pathname}${resolved.search}${resolved.hash}` : resolved.toString();
}
