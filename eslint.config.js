import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('apps/web/src/features', {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const crossFeatureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
}));

const upwardMessage =
  'The platform and db/ know no feature: let the feature register with the platform (access-resolvers.ts, event subscribers, feature-tables.ts) or move the shared part down (decision 176).';
const queryMessage =
  "Query the database in the feature's *.repository.ts (a function taking db or the transaction as its first argument) and call it from here.";
const routeMessage =
  'Query the database in a repository and open transactions in a service, not in a route file.';
/**
 * Kysely's query builders and a tagged `sql` template run on its own (sql`…`.execute(db),
 * sql.raw(…).execute(db)); no-restricted-syntax takes the whole list per file, so the route
 * files' entry repeats these beside its transaction rule.
 */
const queryOutsideRepository = (message) => [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]',
    message,
  },
  {
    selector:
      'CallExpression[callee.property.name="execute"][callee.object.type="TaggedTemplateExpression"][callee.object.tag.name="sql"]',
    message,
  },
  {
    selector:
      'CallExpression[callee.property.name="execute"][callee.object.type="CallExpression"][callee.object.callee.object.name="sql"]',
    message,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared code → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
            },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            ...crossFeatureZones,
          ],
        },
      ],
    },
  },
  {
    // Imports flow one way on the server too: db ← platform ← modules ← app.ts, server.ts,
    // worker/ (decision 176). A feature reaches the platform by registering with it (access
    // rules, event subscribers, tables), never by the platform importing the feature.
    files: ['apps/server/**/*.ts'],
    settings: {
      // Without a resolver that knows .ts, import-x follows no relative import to its file, so
      // no-restricted-paths and no-cycle pass whatever is imported. (The web app's zones would
      // then find three imports of features/create; left to the web side.)
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: upwardMessage,
            },
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/modules', './apps/server/src/platform'],
              message: upwardMessage,
            },
          ],
        },
      ],
    },
  },
  {
    // The database only in repositories (decision 148): a service opens the transaction and
    // calls repository functions that take it; migrations, seed and the compiled-statement
    // machinery in db/ are the only other places that build SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...queryOutsideRepository(queryMessage),
      ],
    },
  },
  {
    // Route files stay thin: queries live in repositories, transactions in services.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...queryOutsideRepository(routeMessage),
        {
          selector: 'CallExpression[callee.property.name="transaction"]',
          message: routeMessage,
        },
      ],
    },
  },
  {
    // Who may call a route is declared on it (`config.access`, decision 162) and checked by one
    // hook: a handler or service calling a guard again would be a second, drifting copy.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../platform/auth/guards',
              message:
                'Declare the route’s config.access and read what it found with the accessors of platform/access/access-rule.ts.',
            },
          ],
          patterns: [
            {
              group: ['**/platform/access/job-access'],
              importNames: ['requireJobAccess'],
              message:
                'Declare { job: … } in the route’s config.access and read jobAccessOf(request).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['node:*', 'fs', 'path'],
          // Zod's browser setting runs in zod.ts before any schema is built (decision 193).
          paths: [
            {
              name: 'zod',
              message: "Import { z } from the domain's own zod.ts.",
            },
          ],
        },
      ],
    },
  },
);
