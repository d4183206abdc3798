// The import arrows of docs/architecture.md ("Top-level layout" and "Dependencies point one way"),
// checked on every `npm test` and `npm run lint`. Each rule quotes the sentence it keeps true.
// A rule that must bend says so here, next to the exception, never by being switched off.
//
// Paths are relative to the repository root; `@contracts/*` and `@engines/*` resolve through
// tsconfig.json's `paths` (options.tsConfig), and `import type` edges are kept
// (options.tsPreCompilationDeps) so that rules can tell type-only imports apart where the
// architecture allows them.

/** Our own top-level folders; anything else is npm, Node core or a config file. */
const OURS = '^(src|api|contracts|engines|workers|migrations|tests|scripts|widget|helper)/';
/** Tests may reach anywhere: they exercise each layer from outside. */
const TEST_FILE = '(^tests/|\\.test\\.tsx?$|\\.e2e\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "Dependencies point one way" and issue 9 "Layers without cycles". A cycle ' +
        'makes two modules one, hides load-order bugs and defeats tree-shaking. Type-only edges ' +
        'count too: a type cycle is still two layers that cannot be read apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "A feature folder owns its page components, its hooks and its API calls; ' +
        'it imports from src/lib/, not from another feature." Anything two features share moves to ' +
        'src/lib/; src/app/ composes features.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'no-lib-to-feature-or-app',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: src/lib/ holds what "several features" use, and features import it; ' +
        'the arrow back (lib → a feature, or lib → app) would make the shared layer depend on ' +
        'one of its users.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-feature-to-app',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "src/app/ composes features" (router, layouts, providers). A feature ' +
        'that imports the app shell could not be composed without it.',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: contracts/ is "the wire contract that browser, workers and API share … ' +
        'Only zod and plain TypeScript (no Hono, no kysely, no DOM)". So it imports only ' +
        'contracts/ and zod: no other folder of ours, no other npm package, no Node core module. ' +
        '(DOM globals are not imports: tsconfig.worker.json compiles contracts/ with the WebWorker ' +
        'lib and no DOM, which catches `document`/`window`.)',
      from: { path: '^contracts/', pathNot: TEST_FILE },
      to: { pathNot: ['^contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'widget-self-contained',
      severity: 'error',
      comment:
        'docs/qa-bot.md: the embeddable QA widget is its own small bundle loaded by other sites, so ' +
        'it imports only widget/ files: no src/ (React, i18next), no contracts/ (zod). (npm packages are not cruised; widget/qa/bundle-size.test.ts keeps React and i18next out and the size under 15 KB.)',
      from: { path: '^widget/', pathNot: TEST_FILE },
      to: { pathNot: '^widget/' },
    },
    {
      name: 'helper-self-contained',
      severity: 'error',
      comment:
        'docs/local-helper.md: the local video helper runs on the user\'s machine as one script, so it ' +
        'imports only helper/ and contracts/ files and the pure ffmpeg plans of engines/video/ it shares ' +
        'with the browser (no api/, src/, workers/, other engines/).',
      from: { path: '^helper/', pathNot: TEST_FILE },
      to: { path: OURS, pathNot: '^(helper|contracts|engines/video)/' },
    },
    {
      name: 'engines-only-engines-and-contracts',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "engines/ → contracts/": the engines are plain functions run by the ' +
        "browser's workers and the server's worker threads alike, so they import only engines/, " +
        'contracts/ and npm packages, never src/, workers/, api/.',
      from: { path: '^engines/', pathNot: TEST_FILE },
      to: { path: OURS, pathNot: '^(engines|contracts)/' },
    },
    {
      name: 'engines-no-node-core',
      severity: 'error',
      comment:
        'Same sentence: engines/ runs in browser workers too, where node:fs, node:path … do not ' +
        'exist. Their tests (run in Node) may use them.',
      from: { path: '^engines/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'workers-only-workers-engines-contracts',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "workers/ → engines/, contracts/"; workers/ holds "Web Worker entry ' +
        'points only: they wire engines/ to Comlink".',
      from: { path: '^workers/', pathNot: TEST_FILE },
      to: { path: OURS, pathNot: '^(workers|engines|contracts)/' },
    },
    {
      name: 'src-not-to-api',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "src/ → contracts/, engines/ (through workers/)". The browser talks to ' +
        'the API over /api/v1 only; what both sides share lives in contracts/.',
      from: { path: '^src/' },
      to: { path: '^api/' },
    },
    {
      name: 'api-not-to-src-or-workers',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "api/ → engines/, contracts/"; issue 9: "api/ never imports workers/ ' +
        "or src/\". The server runs engines/ in its own worker threads (api/engine-threads), not " +
        "the browser's Comlink workers.",
      from: { path: '^api/' },
      to: { path: '^(src|workers)/' },
    },
    {
      name: 'api-imported-only-by-api',
      severity: 'error',
      comment:
        'Issue 9: "nothing imports api/ from outside it". Exceptions: tests/ (they drive the API ' +
        'from outside) and migrations/, which ARCHITECTURE.md places beside api/db ("kysely ' +
        'migrations … for both SQLite and PostgreSQL") and which may use api/db only (next rule).',
      from: { pathNot: ['^api/', '^tests/', '^migrations/'] },
      to: { path: '^api/' },
    },
    {
      name: 'migrations-not-api-code',
      severity: 'error',
      comment:
        'A migration runs once and must do the same thing forever, so it may not call API code ' +
        'that a later change can rewrite under it; of api/ it may use api/db (the Dialect type, ' +
        'as sql-only-in-repositories allows migrations/ to).',
      from: { path: '^migrations/' },
      to: { path: '^api/', pathNot: '^api/db/' },
    },
    {
      name: 'routes-not-to-repositories-or-db',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "Routes own HTTP and call services only". Importing a type (the Db ' +
        'handle a service takes, a row type) is allowed; calling a repository or opening a ' +
        'transaction from a route is not.',
      from: { path: '^api/routes/', pathNot: TEST_FILE },
      to: { path: '^api/(repositories|db)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sql-only-in-repositories',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "repositories own SQL (one repository writes a given table)". kysely and ' +
        'api/db are imported (at run time) only by api/repositories, api/db itself, migrations/ ' +
        'and tests. Types (Db, Transaction, row types) may be named anywhere in api/ so that ' +
        'handles can be passed through. Services are checked by the next rule.',
      from: {
        path: '^api/',
        pathNot: [
          '^api/(repositories|db|services)/',
          TEST_FILE,
          // The process entry points open the database, migrate and seed it at start-up, then
          // hand the handle to the app: composing, not querying.
          '^api/(main|server|worker|conversion-worker)\\.ts$',
        ],
      },
      to: {
        path: ['^api/db/', '^node_modules/kysely/'],
        // Classifies a thrown error as "database down" (50303) for the HTTP error handler: no
        // SQL and no handle, only error codes, so it may be imported outside the data layer.
        pathNot: '^api/db/unavailable\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'services-db-for-transactions-only',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "services own rules and transactions". A service needs transaction() ' +
        'from api/db/index.ts at run time to open the one transaction that spans several ' +
        'repositories (e.g. deduct quota and record the usage together): that is the only run-time ' +
        'edge allowed. dependency-cruiser cannot tell which name is imported, so the rule pins the ' +
        'module (api/db/index.ts, which exports transaction, openDb and types) and forbids kysely ' +
        '(`sql`, query builders) and every other api/db module at run time.',
      from: { path: '^api/services/', pathNot: TEST_FILE },
      to: {
        path: ['^api/db/', '^node_modules/kysely/'],
        pathNot: '^api/db/index\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'jobs-not-to-services',
      severity: 'error',
      comment:
        'ARCHITECTURE.md: "jobs call repositories, never services back". A job that calls a ' +
        'service closes a cycle route → service → job queue → job → service.',
      from: { path: '^api/jobs/', pathNot: TEST_FILE },
      to: { path: '^api/services/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the cruiser cannot resolve is an import no rule above can check (for example ' +
        'a new path alias missing from tsconfig.json), so it fails the run instead of passing it.',
      from: {},
      // `virtual:` modules (virtual:pwa-register) are made by Vite plugins at build time; `?url`
      // imports are asset URLs Vite emits (the ffmpeg cores), not modules.
      to: { couldNotResolve: true, pathNot: ['^virtual:', '[?]url(&no-inline)?$'] },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^dist/', '^dev-dist/', '^tests/\\.artifacts/', '^tests/\\.scratch/', '^public/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    // Type information is not needed for the arrows; skipping it keeps the run short.
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
