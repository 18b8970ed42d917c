import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import local from './eslint-rules/index.js';

/**
 * A server feature may import another feature only through the files its zone below lists (today's map, issue 30):
 * a new cross-feature import is a choice made here, in review, not one that happens by accident. Shared facts
 * belong below the features instead (policy/, events/, audit/, db/).
 */
const CROSS_FEATURE =
  'A feature imports another only through the files allowed in eslint.config.js; move what both need below the features (policy/, events/, audit/), or allow the file there.';

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
    // (features may use one another: a cycle among them is refused by local/no-import-cycle, which counts type-only
    // imports too; import-x/no-cycle does not).
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
            // Features stand side by side: each imports another only through the files listed here (issue 30).
            { target: 'src/server/features/accounts', from: 'src/server/features', except: ['./accounts', './auth/sessions.ts', './auth/auth.service.ts', './auth/email-tokens.ts', './introductions/introduction-sql.ts', './introductions/introduction-deletion.ts', './notifications/staff-preferences.ts', './photos/object-paths.ts', './safety/report-context.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/admin', from: 'src/server/features', except: ['./admin', './auth/sessions.ts', './auth/email-tokens.ts', './volunteers/volunteers.service.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/auth', from: 'src/server/features', except: ['./auth', './accounts/signup-hold.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/introductions', from: 'src/server/features', except: ['./introductions', './auth/sessions.ts', './matches/match-index', './matches/match-profile-view.ts', './messages/messages.service.ts', './notifications', './guardians/guardian-notices.ts', './references/references.service.ts', './references/verification.service.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/matches', from: 'src/server/features', except: ['./matches', './auth/sessions.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/messages', from: 'src/server/features', except: ['./messages', './auth/sessions.ts', './guardians/chaperones.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/photos', from: 'src/server/features', except: ['./photos', './auth/sessions.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/profiles', from: 'src/server/features', except: ['./profiles', './auth/sessions.ts', './matches/match-keys.ts', './photos/object-paths.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/safety', from: 'src/server/features', except: ['./safety', './admin/admin-guard.ts', './auth/sessions.ts', './introductions/coordinator.service.ts', './photos/photos.service.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/site', from: 'src/server/features', except: ['./site', './admin/admin-guard.ts'], message: CROSS_FEATURE },
            { target: 'src/server/features/volunteers', from: 'src/server/features', except: ['./volunteers', './auth/sessions.ts', './photos/object-paths.ts'], message: CROSS_FEATURE },
            {
              target: ['src/server/db', 'src/server/mail', 'src/server/jobs', 'src/server/storage', 'src/server/security', 'src/server/observability', 'src/server/policy', 'src/server/audit', 'src/server/events'],
              from: ['src/server/features', 'src/server/app.ts', 'src/server/main.ts'],
              message: 'Infrastructure sits below the features and the app.',
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
