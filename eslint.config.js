import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The CDK app and the local stack sit on top: application code never reaches into them. */
const NO_DEPLOYMENT_IMPORTS = {
  group: ['**/infra', '**/infra/**', '**/local', '**/local/**', '@shutterlane/*'],
  message:
    'functions/, shared/ and web/src import nothing from infra/ (the CDK app) or local/ (the local stack).',
};

/** shared/ is imported through its alias (package.json `imports`), never by climbing to it. */
const NO_RELATIVE_SHARED = {
  regex: '^(\\.\\./)+shared(/|$)',
  message: "Import shared/ as '#shared/...' (package.json `imports`), not by a relative path.",
};

/**
 * Outside services are reached through their one adapter in functions/lib (stripe.ts, cognito.ts,
 * s3.ts, mail.ts, dynamo.ts) or a domain's storage module (functions/domains/<domain>/*-store.ts):
 * services and rules never import an SDK themselves.
 */
const NO_SDK_OUTSIDE_ADAPTERS = {
  regex: '^(stripe(/.*)?|@aws-sdk/.*|@smithy/.*)$',
  message:
    "Reach Stripe and AWS through their adapter in functions/lib (stripe.ts, cognito.ts, s3.ts, mail.ts) or a domain's *-store.ts.",
};

export default tseslint.config(
  { ignores: ['node_modules', '.data', '.cognito', 'cdk.out', 'dist', 'web/dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Accessibility of the SPA's markup: labels, roles, keyboard handlers.
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text may sit one element deeper than the default 2 (the cookie banner's title + hint).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // The packages in local/ reach shared/ by relative path: a package's own package.json scopes '#' imports.
    ignores: ['local/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_RELATIVE_SHARED] }] },
  },
  {
    // ...and Node refuses '#shared/...' there at run time (the package's own package.json has no `imports`).
    files: ['local/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#shared/', message: 'In a local/ package, import shared/ by a relative path.' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEPLOYMENT_IMPORTS, NO_RELATIVE_SHARED] }] },
  },
  {
    // Replaces the options above for these files, so it repeats their patterns. Unit tests may mock an
    // SDK client of the one module they test (aws-sdk-client-mock needs the client's class).
    files: ['functions/**/*.ts'],
    ignores: ['functions/lib/**', 'functions/domains/**/*-store.ts', 'functions/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_DEPLOYMENT_IMPORTS, NO_RELATIVE_SHARED, NO_SDK_OUTSIDE_ADAPTERS] },
      ],
    },
  },
  {
    // The contract stays free of AWS and React.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@aws-sdk/*', 'react', 'react-*', '**/functions/**', '**/web/**'] },
            NO_DEPLOYMENT_IMPORTS,
          ],
        },
      ],
    },
  },
  // Features never import each other or the app shell: routes in web/src/app compose them.
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/${other}`, `**/${other}/**`])
                // web/src/lib and components are shared, whatever their folders are called (lib/auth);
                // so is the contract, whose modules may share a feature's name (#shared/schemas/public-gallery).
                // (the string holds `\#`: an escaped leading #, which .gitignore syntax reads as a comment).
                .concat(['!**/lib/**', '!**/components/**', '!\\#shared/**']),
              message:
                'Features must not import each other; move shared code to web/src/lib or web/src/components.',
            },
            { group: ['**/app', '**/app/**'], message: 'Features must not import the app shell.' },
            NO_DEPLOYMENT_IMPORTS,
            NO_RELATIVE_SHARED,
          ],
        },
      ],
    },
  })),
);
