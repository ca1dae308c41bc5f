// Lint for the whole package: TypeScript's recommended rules, hooks rules on the client, and the
// import boundaries of docs/ARCHITECTURE.md as errors (`npm run check` allows no warnings).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** React and anything bound to it: neither the server nor a machine (pure XState) imports these. */
const REACT = ['react', 'react/*', 'react-*', '@*/react', '@*/react-*'];

/** A boundary: the imports a part of the tree never makes, and the message naming its rule. */
const SRC_NOT_SERVER = {
  group: ['@server', '@server/*', '**/server/**'],
  message:
    'Boundary src-not-server: src/ is the browser app and never imports server/ (docs/ARCHITECTURE.md, "The shape").',
};
const SERVER_NOT_CLIENT = {
  group: [
    ...['screens', 'ui', 'machines'].flatMap((dir) => [`@/${dir}`, `@/${dir}/*`, `**/src/${dir}/**`]),
    ...REACT,
    // The React-bound modules of src/ outside those folders.
    ...['@/i18n/i18n', '@/i18n/errors', '@/i18n/names', '@/app', '@/main', '@/routes'],
  ],
  message:
    'Boundary server-not-client: server/ never imports src/screens, src/ui, src/machines or React; code both sides need lives in src/api/ or src/i18n/ (docs/ARCHITECTURE.md, "The shape").',
};
const MACHINES_NOT_VIEW = {
  group: [
    ...['screens', 'ui'].flatMap((dir) => [`@/${dir}`, `@/${dir}/*`, `../${dir}`, `../${dir}/*`, `**/src/${dir}/**`]),
    ...REACT,
  ],
  message:
    'Boundary machines-not-view: src/machines never imports src/ui, src/screens or React; a machine is pure XState and its screen provides it (docs/ARCHITECTURE.md, "The client").',
};
const SERVICES = ['@server/services', '@server/services/*', '**/services', '**/services/**'];
const CACHE_NOT_SERVICES = {
  group: SERVICES,
  message:
    'Boundary cache-not-services: server/cache never imports server/services; the services read through the cache, so buildApp hands the cache what it needs of them (docs/ARCHITECTURE.md, "Caches").',
};
const SCHEMAS_NOT_SERVICES = {
  group: SERVICES,
  message:
    'Boundary schemas-not-services: schema modules (src/api/schemas, server/db/schema*) never import services; the services are built on them (docs/ARCHITECTURE.md, "Where each kind of rule lives").',
};

/** One config block: the files and the zones they keep to, each break an error. */
function importZones(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'data/', 'server/db/migrations/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/screens/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The import boundaries of docs/ARCHITECTURE.md ("The shape"), one zone per rule. For one rule
  // ESLint keeps the options of the last block matching a file, so each narrower block below
  // repeats the zones of the wider part it sits in.
  importZones('src/**/*.{ts,tsx}', [SRC_NOT_SERVER]),
  importZones('src/machines/**/*.{ts,tsx}', [SRC_NOT_SERVER, MACHINES_NOT_VIEW]),
  importZones('src/api/schemas/**/*.ts', [SRC_NOT_SERVER, SCHEMAS_NOT_SERVICES]),
  importZones('server/**/*.ts', [SERVER_NOT_CLIENT]),
  importZones('server/cache/**/*.ts', [SERVER_NOT_CLIENT, CACHE_NOT_SERVICES]),
  importZones('server/db/schema*.ts', [SERVER_NOT_CLIENT, SCHEMAS_NOT_SERVICES]),
);
