/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with LIKE's own wildcards (`%`, `_`) and the escape character
 * taken literally: a user searching for "50%" finds "50%", not everything that starts with "50".
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
