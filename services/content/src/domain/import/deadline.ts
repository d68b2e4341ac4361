/**
 * The one deadline of a website import (docs/adr/0061): each page's fetch is bounded by what is left of it, so
 * an import of slow pages ends within it however many pages it finds, and the refusal says what happened. Pure
 * (`now` is given).
 */
export interface ImportDeadline {
  totalMs: number;
  /** Milliseconds left; zero or less once it passed. */
  remainingMs(): number;
}

export function importDeadline(totalMs: number, now: () => number): ImportDeadline {
  const end = now() + totalMs;
  return { totalMs, remainingMs: () => end - now() };
}

/** The 400's message once the deadline passed: nothing was written. */
export function deadlineMessage(url: string, deadline: ImportDeadline, read: number, discovered: number): string {
  const seconds = Math.round(deadline.totalMs / 100) / 10;
  return `Could not import ${url}: the import ran past its deadline of ${seconds} s after reading ${read} of the ${discovered} pages it found; nothing was imported (start from a smaller part of the site)`;
}
