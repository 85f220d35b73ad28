// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Layer boundaries of docs/architecture.md, enforced: common imports neither side; the sides never import each other. */
const boundary = (message, ...group) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary('The SPA never imports server code.', '**/server/**'),
    },
  },
  {
    // the build's prerender of the sign-in page runs in Node and uses emotion's server renderer (a
    // library, not our server code)
    files: ['src/client/prerender.tsx'],
    rules: boundary('The SPA never imports server code.', '**/server/**', '!@emotion/server/**'),
  },
  { files: ['src/server/**/*.ts'], rules: boundary('The server never imports SPA code.', '**/client/**') },
  {
    files: ['src/common/**/*.ts'],
    rules: boundary('src/common is shared by both sides and imports neither.', '**/client/**', '**/server/**'),
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
