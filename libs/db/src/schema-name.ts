/**
 * The schema `npm start` gives a context under DB_SCHEMA_PREFIX (any characters: those not allowed in a schema
 * name become `_`); the admin CLI finds a context's schema the same way.
 */
export const contextSchema = (prefix: string, context: string): string => `${prefix.replace(/\W/g, '_')}${context}`;
