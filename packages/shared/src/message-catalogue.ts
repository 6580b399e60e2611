import type { Language } from './constants';

/** A feature's user-facing messages: semantic key → text in every language. */
export type MessageCatalogue = Record<string, Record<Language, string>>;
