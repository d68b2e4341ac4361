/**
 * The official TranslationLanguage enumeration (@gitbook/api): a translation's languages and a space's `language`,
 * which content keeps, translations sets on the spaces it makes and the published site declares (`<html lang>`).
 */
export const TRANSLATION_LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
