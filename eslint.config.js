// ESLint (flat config): the recommended rules for every JavaScript file of the project. `npm run lint` checks,
// `npm run format` fixes what can be fixed (with clang-format for the C++).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'build/', 'build-*/', 'node_modules/', 'tests/artifacts/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2025, sourceType: 'module', globals: { ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // Node: the scripts, the CLI, the tests (whose page.evaluate callbacks run in the browser) and the bench
  {
    files: ['scripts/**', 'bin/**', 'tests/**', 'bench/**', 'web/vite.config.js', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
