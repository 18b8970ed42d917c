import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import local from './eslint-rules/index.js';

/**
 * Server features stand side by side (issue 30): a feature's public face is its index.ts, and another feature imports
 * only that (`../auth`, never `../auth/session-store`). One zone a folder of src/server/features, generated from the folder
 * list, so a new feature is fenced in by itself. What two features both need and neither owns lives below them
 * (policy/, events/, audit/, db/); an index that would close a circle between features is such a case. Tests
 * (*.test.ts) are outside these zones and may reach into another feature's files, though the index is preferred.
 */
const CROSS_FEATURE =
  "A server feature imports another only through its index (`../other`, not `../other/file`): export what is needed from that feature's index.ts, or move what both need below the features (policy/, events/, audit/).";
const serverFeatures = readdirSync(new URL('./src/server/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverFeatureZones = serverFeatures.map((name) => ({
  target: `src/server/features/${name}`,
  from: 'src/server/features',
  except: [`./${name}`, ...serverFeatures.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
  message: CROSS_FEATURE,
}));

/**
 * Web features (bulletproof-react): a feature under src/web/features/ imports no other feature but auth (who is signed
 * in) and language; what two features share lives below them, in components/ (the person card's parts, page parts),
 * lib/ (api pages, query keys, preferences, blocks, the live-events context) or i18n/. Pages and app/ compose features.
 */
const WEB_SHARED_FEATURES = ['auth', 'language'];
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((name) => ({
  target: `src/web/features/${name}`,
  from: 'src/web/features',
  except: [`./${name}`, ...WEB_SHARED_FEATURES.filter((shared) => shared !== name).map((shared) => `./${shared}`)],
  message: `A web feature imports only itself, ${WEB_SHARED_FEATURES.join(' and ')} and shared code (components/, lib/, i18n/): move what two features need there (eslint.config.js).`,
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/server/config.ts.' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The layers of docs/architecture.md: imports point down only, and never in a circle.
    //   domain ← server;  domain ← web: i18n, lib ← components ← features ← pages ← app
    // (a web feature uses no other feature but auth and language: webFeatureZones above; a cycle is refused by
    // local/no-import-cycle, which counts type-only imports too; import-x/no-cycle does not).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without these two, import-x reads no .ts dependency and no-restricted-paths resolves nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'local/no-import-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'src/domain', from: ['src/server', 'src/web'], message: 'domain/ is pure: it imports neither server nor web.' },
            { target: 'src/web', from: 'src/server', message: 'The web app never imports server code.' },
            { target: 'src/server', from: 'src/web', message: 'The server never imports web code.' },
            { target: ['src/web/lib', 'src/web/i18n'], from: ['src/web/components', 'src/web/features', 'src/web/pages', 'src/web/app'], message: 'lib/ and i18n/ sit below every other web folder.' },
            { target: 'src/web/components', from: ['src/web/features', 'src/web/pages', 'src/web/app'], message: 'components/ are generic: they import no feature, page or app code.' },
            { target: 'src/web/features', from: ['src/web/pages', 'src/web/app'], message: 'features/ are used by pages and app/, never the other way.' },
            { target: 'src/web/pages', from: 'src/web/app', message: 'pages/ are mounted by app/, never the other way.' },
            ...webFeatureZones,
          ],
        },
      ],
    },
  },
  {
    // Code that ships (tests aside): infrastructure sits below the features and the app, and nothing imports the
    // test harness (server/test/). These zones repeat the ones above, since a later rule setting replaces an earlier one.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/test/**', 'src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'src/server', from: 'src/web', message: 'The server never imports web code.' },
            { target: 'src/server', from: 'src/server/test', message: 'server/test/ is the test harness: only tests import it.' },
            // Features stand side by side: each imports another only through its index.ts (serverFeatureZones above).
            ...serverFeatureZones,
            // The server's floors, bottom up (docs/architecture.md, "Floors"): an import runs down or sideways, never up.
            {
              // The bottom floor: the settings and the error vocabulary, which every other floor uses.
              target: ['src/server/config.ts', 'src/server/errors.ts'],
              from: 'src/server',
              except: ['./config.ts', './errors.ts'],
              message: 'config.ts and errors.ts are the bottom floor: they import only the domain (move what they need down, or the code that needs more up).',
            },
            {
              // db/ is under the rest of the infrastructure: a job, a mail or a channel that db/ code needs is handed in or lives above.
              target: 'src/server/db',
              from: ['src/server/mail', 'src/server/jobs', 'src/server/storage', 'src/server/security', 'src/server/observability', 'src/server/policy', 'src/server/audit', 'src/server/events', 'src/server/realtime', 'src/server/http'],
              message: 'db/ sits below the rest of the infrastructure.',
            },
            {
              target: ['src/server/db', 'src/server/mail', 'src/server/jobs', 'src/server/storage', 'src/server/security', 'src/server/observability', 'src/server/policy', 'src/server/audit', 'src/server/events', 'src/server/realtime'],
              // http/ holds the app's own plugins and the route guards: wiring above the infrastructure, below the features.
              from: ['src/server/features', 'src/server/http', 'src/server/app.ts', 'src/server/main.ts', 'src/server/service-graph.ts', 'src/server/api-routes.ts', 'src/server/web-app.ts'],
              message: 'Infrastructure sits below the features and the app.',
            },
            {
              // Features use the guards (http/guards.ts); what the HTTP layer needs of a feature (the session store) app.ts hands in.
              target: 'src/server/http',
              from: ['src/server/features', 'src/server/app.ts', 'src/server/main.ts', 'src/server/service-graph.ts', 'src/server/api-routes.ts', 'src/server/web-app.ts'],
              message: 'http/ sits below the features and the app: it is handed what it needs of them (app.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // No type escape hatch in the server that ships (issue 30): `x as unknown as T` claims a type the compiler cannot
    // check. A transaction is a Db already (db/client.ts), raw rows come through db/rows.ts executeRows, stored JSON
    // is typed in the schema, and a payload read back is parsed. Only the driver adapter, which opens and
    // instruments the two drivers, may still say it (and tests).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/test/**', 'src/**/*.test.ts', 'src/server/db/client.ts', 'src/server/db/query-timer.ts', 'src/server/db/durable-wal.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword'], TSTypeAssertion > TSTypeAssertion[typeAnnotation.type='TSUnknownKeyword']",
          message: 'No `as unknown as` in shipped server code: type the value where it comes from (see the comment in eslint.config.js).',
        },
      ],
    },
  },
  {
    // Config, tests, scripts and tool configs may read the environment.
    files: ['src/server/config.ts', 'src/server/test/**', 'src/**/*.test.ts', 'scripts/**', 'e2e/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
