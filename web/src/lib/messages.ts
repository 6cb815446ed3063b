import { useCallback } from 'react';
import { getRuntimeConfig } from '@/config/runtime';
import { useRuntimeConfig } from '@/config/runtime-context';

// All text a member or a staff user reads lives in the message catalog, src/messages: one folder
// per language (en/ today), one flat JSON file per namespace, key → text, so copy is reviewed in one
// place and a second language is a second folder of the same files. Placeholders are written
// {name}; {brand} is always filled from the runtime settings, so no component spells the
// product's name.
//
// Copy rules: warm, plain, short sentences. Many readers have ADHD and some arrive in distress.
//
// A namespace is the copy of one part of the app that loads on its own (the coach chooser, the
// plan, a survey step, a staff page): only the code that shows it imports it, so it downloads with
// that part and the first screen carries none of it. Each namespace is declared in a module beside
// the language folders (src/messages/plan.ts declares en/plan.json) with defineMessages, and read
// with useT in components, or translate elsewhere.

/** Locale names a language the app has copy for. Adding one makes every namespace ask for its file. */
export type Locale = 'en';

/** defaultLocale is the language the app speaks until a member can choose another. */
export const defaultLocale: Locale = 'en';

/**
 * formatLocales are the BCP 47 tags that Intl writes money and dates in, for each language, so
 * that a price or a date reads the way the copy around it does.
 */
export const formatLocales: Readonly<Record<Locale, string>> = { en: 'en-US' };

/** formatLocale is the tag money and dates are written in today. */
export const formatLocale = formatLocales[defaultLocale];

/** MessageParams fills a message's {placeholders}; numbers are written as they are. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Catalog is one namespace's copy in one language: key → text. */
export type Catalog<K extends string> = Readonly<Record<K, string>>;

/** Messages is one namespace of the catalog: its copy in every language the app has. */
export interface Messages<K extends string> {
  readonly languages: Readonly<Record<Locale, Catalog<K>>>;
}

/**
 * defineMessages declares a namespace from its files, one per language. English sets the keys, and
 * the type checker holds every other language to exactly those keys: a missing language, or a key
 * a language lacks, does not compile. (Extra keys and placeholders are checked by the catalog's test.)
 */
export function defineMessages<K extends string>(
  languages: { readonly en: Catalog<K> } & Readonly<Record<Locale, Catalog<NoInfer<K>>>>,
): Messages<K> {
  return { languages };
}

/** MessageKey names one message of a namespace: MessageKey<typeof planMessages>. */
export type MessageKey<M> = M extends Messages<infer K> ? K : never;

/** Translate is the function that gives a namespace's copy: Translate<typeof planMessages>. */
export type Translate<M> = (key: MessageKey<M>, params?: MessageParams) => string;

/**
 * interpolate fills {name} placeholders from params. A placeholder with no value is left as it is,
 * so a forgotten value shows up in review instead of silently vanishing from a sentence.
 */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * translate returns one message with its placeholders filled, {brand} from the page's runtime
 * settings unless params give it. It is for code outside components (and tests); components use
 * useT, which follows the settings they are rendered with.
 */
export function translate<K extends string>(messages: Messages<K>, key: K, params?: MessageParams, locale: Locale = defaultLocale): string {
  return interpolate(messages.languages[locale][key], { brand: getRuntimeConfig().brandName, ...params });
}

/** useT returns a namespace's translate function, with {brand} filled from the runtime settings. */
export function useT<K extends string>(messages: Messages<K>): (key: K, params?: MessageParams) => string {
  const { brandName } = useRuntimeConfig();
  return useCallback(
    (key: K, params?: MessageParams) => interpolate(messages.languages[defaultLocale][key], { brand: brandName, ...params }),
    [messages, brandName],
  );
}
