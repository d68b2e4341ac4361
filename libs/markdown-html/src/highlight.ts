import type { HighlighterCore } from 'shiki/core';
import type { BundledLanguage } from 'shiki/langs';

/**
 * Code blocks highlighted on the server by shiki (docs/adr/0080): GitHub's light and dark themes at once, as
 * `--shiki-light`/`--shiki-dark` colours that the page's stylesheet picks from, so the page needs no script. A
 * page's languages are loaded before it renders, since markdown-it highlights synchronously. What an author
 * controls is bounded: a page loads at most MAX_PAGE_LANGUAGES grammars and highlights at most MAX_PAGE_CODE
 * characters for at most PAGE_BUDGET_MS, adding at most MAX_PAGE_SPANS tags; no line past MAX_LINE is tokenized.
 * The rest of its code shows plain.
 */
export type Highlight = (code: string, language: string) => string | undefined;

export const MAX_PAGE_LANGUAGES = 8;
export const MAX_PAGE_CODE = 50_000;
/** Tags highlighting may add to a page: half of what a page may hold before it is shown as plain text (DEFAULT_HTML_LIMITS). */
export const MAX_PAGE_SPANS = 10_000;
/** Time a page's highlighting may take, a grammar's first use included; then the rest of its code shows plain. */
export const PAGE_BUDGET_MS = 500;
const MAX_LINE = 2_000;
/**
 * Past this many loaded names (a grammar's aliases and the grammars it embeds included) the highlighter starts
 * afresh, so that a thread's memory does not grow with every language asked for.
 */
const MAX_LOADED_LANGUAGES = 160;
/** A site's code themes (its customization's `styling.codeTheme.default`), light and dark, by GitBook's names. */
export interface CodeThemes {
  light: string;
  dark: string;
}
const DEFAULT_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/** GitBook's names of its own themes, as the bundled shiki themes closest to them (the others are shiki's names). */
const ALIASES: Record<string, string> = { 'default-light': 'github-light', 'default-dark': 'github-dark', 'monochrome-light': 'min-light', 'monochrome-dark': 'min-dark' };

let loading: Promise<HighlighterCore> | undefined;

async function createHighlighter(): Promise<HighlighterCore> {
  const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/oniguruma'),
    import('@shikijs/themes/github-light'),
    import('@shikijs/themes/github-dark'),
  ]);
  return createHighlighterCore({ themes: [light.default, dark.default], langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
}

/**
 * Loads the highlighter (shiki's engine, its WASM, GitHub's themes) and the bundled lists before any page asks:
 * a render thread does it before it takes its first page, so that no page's budget pays for it.
 */
export async function warmHighlighter(): Promise<void> {
  await Promise.all([(loading ??= createHighlighter()), import('shiki/langs'), import('shiki/themes')]);
}

/** The languages a page's fences name (```` ```ts ````, `~~~ python title`), in order, without repeats. */
export function fenceLanguages(markdown: string): string[] {
  const names = new Set<string>();
  for (const match of markdown.matchAll(/^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm)) names.add(match[1].toLowerCase());
  return [...names];
}

/**
 * A page's highlight function, once the grammars of the languages it names are loaded (one highlighter per
 * process: the WASM engine and grammars are loaded once). Unknown names are left plain.
 */
export async function highlighterFor(languages: Iterable<string>, budgetMs = PAGE_BUDGET_MS, codeThemes?: CodeThemes): Promise<Highlight> {
  const [{ bundledLanguages }, { bundledThemes }] = await Promise.all([import('shiki/langs'), import('shiki/themes')]);
  const isTheme = (name: string): name is keyof typeof bundledThemes => Object.hasOwn(bundledThemes, name);
  const isBundled = (name: string): name is BundledLanguage => Object.hasOwn(bundledLanguages, name);
  const wanted = new Set<BundledLanguage>();
  for (const name of languages) {
    if (wanted.size === MAX_PAGE_LANGUAGES) break;
    if (isBundled(name)) wanted.add(name);
  }
  if (wanted.size === 0) return () => undefined;
  let highlighter = await (loading ??= createHighlighter());
  const isLoaded = (name: string) => highlighter.getLoadedLanguages().includes(name);
  if (highlighter.getLoadedLanguages().length + [...wanted].filter((name) => !isLoaded(name)).length > MAX_LOADED_LANGUAGES) {
    highlighter.dispose();
    highlighter = await (loading = createHighlighter());
  }
  // Grammars load one by one within the page's budget: some embed a dozen others (vue, markdown, php).
  let spentMs = 0;
  const names = new Set<string>();
  for (const name of wanted) {
    if (spentMs > budgetMs) break;
    const started = performance.now();
    if (!isLoaded(name)) await highlighter.loadLanguage(bundledLanguages[name]);
    spentMs += performance.now() - started;
    names.add(name);
  }
  // The site's themes, loaded once per process; an unknown name keeps GitHub's.
  const themes: { light: string; dark: string } = { ...DEFAULT_THEMES };
  for (const mode of ['light', 'dark'] as const) {
    const name = codeThemes ? (ALIASES[codeThemes[mode]] ?? codeThemes[mode]) : DEFAULT_THEMES[mode];
    if (!isTheme(name)) continue;
    if (!highlighter.getLoadedThemes().includes(name)) await highlighter.loadTheme(bundledThemes[name]);
    themes[mode] = name;
  }
  const ready = highlighter;
  let characters = 0;
  let spans = 0;
  return (code, name) => {
    const language = name.toLowerCase();
    characters += code.length;
    if (!names.has(language) || characters > MAX_PAGE_CODE || spans > MAX_PAGE_SPANS || spentMs > budgetMs) return undefined;
    const started = performance.now();
    try {
      // A fence's content ends with its last line's newline, which would highlight as one more, empty line.
      // No time limit per line (0): one cut short mid-line would paint the rest of it one colour, and that page
      // would be kept so until its revision changes; the bounds above and the thread's deadline hold instead.
      const html = ready.codeToHtml(code.replace(/\n$/, ''), { lang: language, themes, defaultColor: false, tokenizeMaxLineLength: MAX_LINE, tokenizeTimeLimit: 0 });
      spans += html.split('<span').length - 1;
      if (spans > MAX_PAGE_SPANS) return undefined;
      // The language stays named on the code, as markdown-it writes it when the code shows plain.
      return html.replace('<code>', `<code class="language-${language}">`);
    } finally {
      spentMs += performance.now() - started;
    }
  };
}
