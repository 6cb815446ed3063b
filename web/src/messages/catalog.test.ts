import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// These tests read the catalog and the app's sources as files, the way a reviewer would, so they
// see every language and every namespace whether or not some module imports it yet.
//
// definition.json is the survey definition's words: the Go server embeds and serves them, and its
// own tests check them against the definition. It is not a namespace of this catalog.

const messagesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(messagesDir);
const notANamespace = new Set(['definition.json']);

type Catalog = Record<string, string>;

const languages = readdirSync(messagesDir).filter((name) => statSync(path.join(messagesDir, name)).isDirectory());

function namespacesOf(language: string): string[] {
  return readdirSync(path.join(messagesDir, language))
    .filter((file) => file.endsWith('.json') && !notANamespace.has(file))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function read(language: string, namespace: string): Catalog {
  return JSON.parse(readFileSync(path.join(messagesDir, language, `${namespace}.json`), 'utf8')) as Catalog;
}

const namespaces = namespacesOf('en');
const english = new Map(namespaces.map((namespace) => [namespace, read('en', namespace)]));
const everyCatalog = languages.flatMap((language) => namespacesOf(language).map((namespace) => ({ language, namespace, catalog: read(language, namespace) })));

function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** sources are the app's own code, not its tests: the places copy can be used from. */
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`test${path.sep}`))
  .map((file) => ({ file, text: readFileSync(path.join(srcDir, file), 'utf8') }));

/** importers are the source files that import a namespace's module, for values or for types. */
function importersOf(namespace: string) {
  const specifier = new RegExp(`from '@/messages/${namespace}';`);
  return sources.filter(({ file, text }) => specifier.test(text) && !file.startsWith(`messages${path.sep}`));
}

function quoted(key: string): RegExp {
  const k = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`'${k}'|"${k}"`);
}

describe('the catalog', () => {
  it('has English, and namespaces in it', () => {
    expect(languages).toContain('en');
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it.each(everyCatalog)('$namespace in $language is a flat list of texts', ({ catalog }) => {
    for (const [key, message] of Object.entries(catalog)) {
      expect(typeof message, key).toBe('string');
      expect(message.trim(), key).not.toBe('');
    }
  });

  it.each(languages)('%s has a file for every namespace, and no other', (language) => {
    expect(namespacesOf(language)).toEqual(namespaces);
  });

  it.each(everyCatalog)('$namespace in $language has exactly the English keys, with the same placeholders', ({ namespace, catalog }) => {
    const en = english.get(namespace)!;
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(catalog)) {
      expect(placeholders(message), `${namespace}: ${key}`).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it.each(namespaces)('declares %s in its module, with every language', (namespace) => {
    const module = readFileSync(path.join(messagesDir, `${namespace}.ts`), 'utf8');
    expect(module).toMatch(/defineMessages\(/);
    for (const language of languages) expect(module).toContain(`'./${language}/${namespace}.json'`);
  });
});

describe('the use of the catalog', () => {
  it.each(namespaces)('uses every key of %s in the code that imports it', (namespace) => {
    const importers = importersOf(namespace);
    expect(importers.length, `nothing imports @/messages/${namespace}`).toBeGreaterThan(0);
    // A key is used where it is written out as a string: keys built from values (`device.${x}`)
    // are written out as lists instead, so they can be found here.
    const unused = Object.keys(english.get(namespace)!).filter((key) => !importers.some(({ text }) => quoted(key).test(text)));
    expect(unused, `keys of ${namespace} no code uses`).toEqual([]);
  });

  it('hands every key to the type checker: none is cast or built from a template', () => {
    const unchecked = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/as MessageKey\b|\b(?:t|translate)\((?:\w+Messages, )?`/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(unchecked).toEqual([]);
  });

  it('finds every key a translate function is given as a string in the namespaces its file imports', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      const imported = [...text.matchAll(/from '@\/messages\/([\w-]+)';/g)].map((m) => english.get(m[1]!)).filter((c) => c !== undefined);
      if (imported.length === 0) continue;
      for (const [, key] of text.matchAll(/\b(?:t|translate)\((?:\w+Messages, )?'([^']+)'/g)) {
        if (!imported.some((catalog) => Object.hasOwn(catalog, key!))) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the English copy', () => {
  const all = everyCatalog.filter(({ language }) => language === 'en');

  it('fixes the spelling of the source copy', () => {
    const text = all.flatMap(({ catalog }) => Object.values(catalog)).join('\n');
    expect(text).not.toMatch(/could not found|Choose you coach|licenced|pshychotherapy/);
    expect(english.get('not-found')!.body).toBe('The resource requested could not be found.');
  });

  // Each placeholder is one the app fills somewhere; a misspelt one would show as {braces}.
  const filled = [
    'brand', 'firstName', 'page', 'count', 'max', 'age', 'month', 'days', 'year', 'score', 'option', 'n', 'of', 'id',
    'current', 'other', 'quote', 'email', 'name', 'total', 'topics', 'coach', 'price', 'plan', 'code', 'off', 'months',
    'zero', 'date', 'first', 'then', 'q', 'from', 'to', 'assigned', 'capacity', 'label', 'message', 'relative',
    'absolute', 'shown',
  ];

  it.each(all)('$namespace uses only the placeholders the app fills', ({ namespace, catalog }) => {
    for (const [key, message] of Object.entries(catalog)) {
      for (const name of placeholders(message)) expect(filled, `${namespace}: ${key} uses {${name}}`).toContain(name);
    }
  });
});
