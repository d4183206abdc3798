// ESLint for the whole repository, run by `npm run lint` and by `npm test` right after
// type-checking. tsc already proves types; these rules catch what it cannot: promises nobody
// awaits, hooks called out of order or with stale dependencies, pages a keyboard or a screen
// reader cannot use, and `any` that nobody explained. The import arrows between folders are
// dependency-cruiser's job (.dependency-cruiser.cjs), not this file's.
// @ts-check
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'public/**', 'tests/.artifacts/**', 'data/**', 'coverage/**', 'dev-dist/**'],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything is a stale excuse: drop it.
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  // Every disable comment must say why after ` -- `: the house rule is that `any` (or any other
  // exception) is allowed only with its reason next to it, and this makes the reason checked.
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // One program per runtime, as in tsconfig*.json: the browser/API/tests config, the
        // WebWorker config (workers/, engines/, contracts/) and the Node config for their tests.
        project: ['./tsconfig.json', './tsconfig.worker.json', './tsconfig.worker-tests.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `any` only with `// eslint-disable-next-line @typescript-eslint/no-explicit-any -- why`.
      '@typescript-eslint/no-explicit-any': 'error',
      // `_`-prefixed names are the codebase's way of saying "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // react-router loaders `throw redirect(…)`, a Response, by design; anything else thrown
      // must be an Error so that it carries a stack.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Off: an `async` function without `await` still turns a throw into a rejection, which
      // implementations of promise-returning interfaces (payment providers, kysely's migration
      // provider, file sinks) rely on; rewriting them to `Promise.resolve` would change that.
      '@typescript-eslint/require-await': 'off',
      // `import type` keeps type-only imports out of the bundle (and out of dependency-cruiser's
      // run-time graph); verbatimModuleSyntax already demands it, this says so in lint too.
      // `typeof import('docx')` stays allowed: it names a module that is loaded lazily with
      // `await import()`, where a top-level import would pull it into the first bundle.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Tests assert shapes with expect() instead of declaring them: vitest's asymmetric matchers
    // (expect.stringMatching, expect.any) are typed `any`, as are Playwright's page.evaluate()
    // and response.json() results, and the assertion that follows is the check. So the
    // no-unsafe-* family is off here; an `any` written by hand is still an error.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.e2e.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (scripts/*.mjs, config files, the worker-thread shim) runs in Node and has
    // no TypeScript program to type-check it against.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The browser app: hooks must keep their order and dependencies, and every page must stay
    // usable with a keyboard and a screen reader.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // src/lib/tokens.ts gives the same values without Fluent's 29 KB table in the first paint.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@fluentui/react-components', importNames: ['tokens'], message: "Import tokens from src/lib/tokens (same values, computed on access)." }] },
      ],
    },
  },
  {
    files: ['src/lib/tokens.ts', 'src/lib/tokens.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
