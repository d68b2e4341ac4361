/** JSON Schema fragments shared by every service's request schemas. */
export const idParam = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

export function pathParams<K extends string>(...names: K[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, idParam])) as Record<K, typeof idParam>,
    required: names,
  } as const;
}

export const emailSchema = { type: 'string', format: 'email', maxLength: 320 } as const;
export const urlSchema = { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 2048 } as const;
export const emojiSchema = { type: 'string', format: 'emoji', maxLength: 50 } as const;
export const domainSchema = {
  type: 'string',
  maxLength: 253,
  pattern: '^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$',
} as const;
