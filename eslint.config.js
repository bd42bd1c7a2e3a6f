// ESLint for every code root. Besides correctness (typescript-eslint with types, React hooks, Lingui) it holds the
// architecture of ../shared/docs/conventions.md: which folder may import which (the boundary zones below), no enums,
// named exports, no `any`. Formatting is prettier's (.prettierrc.json), not ESLint's. Lives at the top level because
// ESLint looks for it there. ESM JavaScript so ESLint needs no TypeScript loader to read it.
import { readdirSync } from 'node:fs'
import { defineConfig, globalIgnores } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import lingui from 'eslint-plugin-lingui'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import globals from 'globals'

const root = import.meta.dirname
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Every file of the app outside one feature's folder: those may reach the feature only through its index.ts. */
const outsideFeature = (slug) => ['src/!(features)/**', 'src/*.{ts,tsx}', `src/features/!(${slug})/**`]

/** Server code that is not the HTTP edge: it must not know about Fastify, routes or the HTTP error envelope. */
const serverDomain = ['server/!(api|http|cli)/**', 'server/!(main).ts']

const boundaryZones = [
  // (a) A feature is used by others only through its index.ts (tests may reach inside to test the parts).
  ...features.map((slug) => ({
    target: outsideFeature(slug),
    from: `src/features/${slug}`,
    except: ['./index.ts'],
    message: `Import the ${slug} feature through src/features/${slug}/index.ts.`,
  })),
  // (b) Design-system pieces know nothing of the domain.
  {
    target: 'src/ui',
    from: ['src/features', 'src/state', 'src/api', 'src/engine', 'src/routes'],
    message: 'ui/ holds domain-free pieces: pass data and callbacks in as props.',
  },
  // (c) The threads and the server stay apart; common/ is shared by all and depends on none.
  {
    target: ['src', 'src-worker', 'common'],
    from: 'server',
    message: 'Browser and shared code never import the server; share through common/.',
  },
  {
    target: ['server', 'common'],
    from: ['src', 'src-worker'],
    message: 'Server and shared code never import the app or the worker; share through common/.',
  },
  { target: 'src-worker', from: 'src', message: 'The worker never imports the app; share through common/.' },
  {
    // src/engine may import the worker's types; the type-only check is @typescript-eslint/no-restricted-imports below.
    target: ['src/!(engine)/**', 'src/*.{ts,tsx}'],
    from: 'src-worker',
    message: 'Only src/engine talks to the worker; share types through common/.',
  },
  // (d) Server layers: domain code does not import the HTTP edge (only api/, http/, cli/ and main.ts may).
  {
    target: serverDomain,
    from: ['server/api/**', 'server/http/**'],
    message: 'Domain code must not depend on the HTTP layer: throw a domain error and map it at the edge.',
  },
]

export default defineConfig(
  globalIgnores([
    'dist/',
    'data/',
    '.tmp/',
    'locales/',
    'public/',
    'src/routeTree.gen.ts',
    'server/db/migrations/',
    'server/.bundle*/',
    'tests/e2e/out/',
    'tests/fixtures/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts'] },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'No enums: use a union of literals or an `as const` object.' },
      ],
      'import-x/no-default-export': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Off: an `async` method without `await` is how we implement Promise-returning interfaces (EngineApi over
      // comlink, MarketSource.start/stop); it also turns a throw into a rejection, which callers rely on.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's control flow is `throw redirect(...)` / `throw notFound()`: those are not Errors by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Server domain code must not reach for the web framework either.
    files: serverDomain,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*'],
              message: 'Domain code must not depend on the HTTP layer: take plain values, let server/api adapt.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/engine is the one bridge to the worker: it may import the worker's types, never its code.
    files: ['src/engine/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-worker/**'],
              allowTypeImports: true,
              message: 'The app starts the worker by URL; import only its types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      // Every string a user can read goes through Lingui. What is left over is matched by the patterns below.
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One ASCII "word" not starting with a capital: keys, class names, urls, css values, ids, event names.
            '^(?![A-Z])[\\x21-\\x7e]+$',
            // UPPERCASE constants and codes.
            '^[A-Z0-9_-]+$',
            // SVG path data.
            '^[Mm]\\s?-?[\\d.]',
            // CSS font shorthand for canvas text ("700 48px" before the family).
            '^\\d{3} \\d*px$',
            // The product's name, never translated.
            '^TC Market$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            { regex: { pattern: '^(data-.*|aria-hidden|role|type|id|name|href|src|to|key|lang|dir|rel|target)$' } },
            'font',
            'fontFamily',
          ],
          ignoreFunctions: [
            'console.*',
            // Error messages are diagnostics: what a user reads is chosen by the error's kind or code and translated.
            '*Error',
            'matchMedia',
            '*.matchMedia',
            '*.setAttribute',
            '*.querySelector',
            '*.querySelectorAll',
            '*.addEventListener',
            '*.removeEventListener',
          ],
          useTsTypes: true,
        },
      ],
    },
  },
  {
    files: ['src-worker/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ['server/**/*.{js,ts}', 'tests/**/*.{ts,tsx}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // This file is plain JavaScript outside every tsconfig: no type information for it.
    files: ['*.js', 'server/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tools that load a module's default export: Vite, Lingui, drizzle-kit, Playwright and ESLint itself.
    files: [
      '*.config.{js,ts}',
      'server/db/drizzle.config.ts',
      'tests/e2e/playwright.config.ts',
      'tests/e2e/global-setup.ts',
    ],
    rules: { 'import-x/no-default-export': 'off' },
  },
)
