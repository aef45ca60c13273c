/**
 * The lint: TypeScript's type-checked rules everywhere, the Rules of React in the web app,
 * and the layering of docs/ARCHITECTURE.md made mechanical ("What the lint guards").
 *
 * - Dependencies point one way: the web app takes only types from @pos/api and nothing
 *   from the server or the database; packages/domain imports nothing; packages/contracts
 *   imports only zod and @pos/domain; no package imports an app.
 * - SQL lives only in repositories: in packages/api/src, Kysely's `sql` tag and its query
 *   builder entry points appear only in `*.repository.ts` and db-helpers.ts (a service opens
 *   transactions with db.transaction() and hands the trx to repository functions).
 *
 * One type-aware pass over the two programs `npm run typecheck` builds (everything that
 * runs in Node, and the web app), so each file is type-checked once, by the program that
 * checks it for the build; a program per package (the project service's nearest
 * tsconfig.json) checked the shared packages again for every package importing them.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// no-restricted-imports does not merge across config objects (a later one replaces the
// whole option), so each area lists every restriction that applies to it.
const NO_APPS = {
  group: ['@pos/web', '@pos/web/*', '@pos/server', '@pos/server/*', '**/apps/*/**'],
  message: 'a package never imports from an app: dependencies point from apps to packages.',
};

/** Kysely's `sql` tag and the builder calls that start a statement. */
const SQL_SYNTAX = [
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: 'SQL lives only in repositories (<family>.repository.ts): call a repository function.',
  },
  {
    selector: "MemberExpression[object.name='sql']",
    message: 'SQL lives only in repositories (<family>.repository.ts): call a repository function.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive)$/]',
    message:
      'queries live only in repositories (<family>.repository.ts): a service passes its trx to a repository function.',
  },
  {
    // Kysely's common table expression: db.with('name', (qb) => ...), not Array#with.
    selector:
      "CallExpression[callee.property.name='with'][arguments.length=2][arguments.1.type=/^(ArrowFunctionExpression|FunctionExpression)$/]",
    message:
      'queries live only in repositories (<family>.repository.ts): a service passes its trx to a repository function.',
  },
];

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '.turbo/',
    'data/',
    'screenshots/',
    'test-results/',
    'bench/results/',
    'apps/web/src/routeTree.gen.ts',
  ]),

  js.configs.recommended,

  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (a tuple's skipped slot, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  {
    // Tests read untyped JSON (HTTP answers, a page's storage) and use vitest's asymmetric
    // matchers (expect.any(Number) and its kind are typed `any` on purpose); their own
    // assertions are what check those shapes.
    files: ['**/test/**/*.ts', '**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },

  {
    // A migration is frozen in time: it takes Kysely<any>, as Kysely's migration interface
    // does, never the current table types, which later migrations change.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    // Plain JavaScript config files: no type information, Node's module globals.
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: { module: 'readonly', require: 'readonly', process: 'readonly' },
    },
  },

  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // TanStack Router's way to leave a route is `throw redirect(...)`, a Response it catches.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      // Zero warnings: a missing dependency is an error like any other.
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@pos/api',
              allowTypeImports: true,
              message:
                'the web app takes only types from @pos/api (`import type { AppRouter }`); rules come from @pos/domain, shapes from @pos/contracts.',
            },
          ],
          patterns: [
            {
              group: ['@pos/api/*'],
              allowTypeImports: true,
              message: 'the web app takes only types from @pos/api.',
            },
            {
              group: ['@pos/server', '@pos/server/*', '@pos/db', '@pos/db/*', 'kysely', 'pg', '@electric-sql/*'],
              message: 'the web app talks to the server only through tRPC; it never imports server or database code.',
            },
            {
              // A relative path out of the web app into a package or the server.
              regex: '^\\.\\.?/(.*/)?(packages|apps|migrations)/|^\\.\\.?/(.*/)?server/src(/|$)',
              message: 'import a package by its name (@pos/domain, @pos/contracts), never by a path into it or into the server.',
            },
          ],
        },
      ],
    },
  },

  {
    // Server and shared code runs in Node: no browser globals. The type-check compiles it
    // in one program with the e2e specs, whose browser callbacks need the DOM's types.
    files: ['packages/*/src/**/*.ts', 'apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'getComputedStyle', 'HTMLElement', 'Element'].map((name) => ({
          name,
          message: 'server and shared code runs in Node: browser globals belong to apps/web.',
        })),
      ],
    },
  },

  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message:
                'packages/domain is pure TypeScript used by server and web: it imports nothing but its own files (no package, no node: module).',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|zod$|zod/|@pos/domain$)',
              message: 'packages/contracts imports only zod, @pos/domain and its own files.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['packages/{db,api}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_APPS] }],
    },
  },

  {
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/**/*.repository.ts', 'packages/api/src/db-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message: 'SQL lives only in repositories (<family>.repository.ts): call a repository function.',
            },
          ],
          patterns: [NO_APPS],
        },
      ],
      'no-restricted-syntax': ['error', ...SQL_SYNTAX],
    },
  },
]);
