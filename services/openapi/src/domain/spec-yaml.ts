import { parse } from 'yaml';
import { SpecLimitExceeded } from './processing-error';

/**
 * The one way a spec file's text becomes data, for every file of every source (the text, the source URL, each
 * $ref'd file, a stored version): JSON when it is JSON, else YAML with at most `maxAliases` alias expansions
 * (the `yaml` library's count, which weighs an alias by the aliases inside what it names), so a few hundred bytes
 * cannot expand into millions of nodes (the "billion laughs"). Pure, unit-tested.
 */
export function parseSpecText(text: string, maxAliases: number): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*[[{]/.test(body)) {
    try {
      return JSON.parse(body);
    } catch {
      // Not JSON after all (YAML flow style starts the same way): YAML below says what is wrong.
    }
  }
  try {
    return parse(body, { maxAliasCount: maxAliases });
  } catch (err) {
    if (err instanceof ReferenceError && /^(Excessive alias count|Alias resolution is disabled)/.test(err.message)) {
      throw new SpecLimitExceeded(`YAML aliases expand past the limit: at most ${maxAliases} alias expansions per file (an alias counts as often as the aliases inside what it names)`);
    }
    throw err;
  }
}
