import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

/** A language tag as the app or a browser writes it ('zh', 'en-GB'), as one of ours; undefined when not supported. */
export function normalizeLanguage(value: string | undefined | null): Language | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return LANGUAGES.find((l) => l.toLowerCase() === lower);
}

/**
 * Picks the language of an `Accept-Language` header: the supported language with the highest q (the
 * first listed among equals). q=0 means "not acceptable", so such a language is never picked.
 */
export function languageFromAcceptHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
