import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The folders of src/ form layers, and imports may only point inward:
//   config, lib, messages, components  ←  features  ←  app
// messages is the app's message catalog (one namespace module per part of the app, over one JSON
// file per language): every layer above may read it, and it depends on nothing above it.
// A feature never imports another feature; shared code moves down to components or lib instead.
// Imports between folders use the @/ alias, so the rules below can see where an import goes.
// The feature list is read from the folder, so a new feature is covered the day it is created.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const parentImport = {
  regex: '^\\.\\./',
  message: 'Import from another folder with the @/ alias (for example @/lib/messages), so layer rules can check it.',
};

// Copy is read through its namespace's module (@/messages/plan), which holds every language, never
// from one language's file: a component that imported en/plan.json would stay English for good.
const languageFile = {
  group: ['@/messages/*/*'],
  message: 'Read copy through its namespace module (for example @/messages/plan), not a language file.',
};

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns: [parentImport, languageFile, ...patterns] }] };
}

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'test-results', 'playwright-report', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
    rules: restrict(),
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'src/messages/**'],
    rules: restrict({
      group: ['@/features', '@/features/**', '@/app', '@/app/**'],
      message: 'Shared code (components, lib, config, messages) must not depend on features or the app.',
    }),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict(
      {
        group: ['@/features/*', `!@/features/${feature}`, '@/features/*/**', `!@/features/${feature}/**`],
        message: 'A feature must not import another feature; move the shared part to components or lib.',
      },
      { group: ['@/app', '@/app/**'], message: 'Features must not depend on the app layer.' },
    ),
  })),
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
  },
  {
    files: ['*.{js,mjs,ts}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts that drive a browser pass functions to run inside the page, where browser globals
    // such as location exist.
    files: ['scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Browser tests read JSON answers whose shape is the very thing under test; typing every body
    // would add nothing the assertions do not already check.
    files: ['e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
]);
