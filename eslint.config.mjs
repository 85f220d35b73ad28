// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Layer boundaries of docs/architecture.md, enforced: common imports neither side; the sides never import each other. */
const boundary = (message, ...group) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

/*
 * Client feature boundaries (docs/architecture.md, "Feature boundaries"). A feature folder's public
 * surface is its index.ts: from outside the folder only `features/<name>` (or `features/<name>/index`)
 * may be imported. ESLint matches the specifier as written, so a relative import that climbs out of a
 * feature is matched by depth: from `features/<f>/<d sub-folders>/file.ts`, `'../' × (d + 1)` reaches
 * `features/`. Lazily loaded pages are reached with `import()` (a chunk boundary); the rule leaves
 * those alone. Tests may reach internals.
 */
const SPA_NOT_SERVER = { group: ['**/server/**'], message: 'The SPA never imports server code.' };
const FEATURE_MESSAGE = "Import another feature only through its index.ts (its public surface), not its internals.";
/** `…/features/<name>/<anything but index>` written out (from app/, ui/, api/, lib/ or the entry files). */
const NAMED_FEATURE_INTERNALS = { regex: String.raw`(^|/)features/[^/]+/(?!index$).+`, message: FEATURE_MESSAGE };
/** From a file `depth` folders below its feature's folder: `../` × (depth + 1) + `<other>/<internal>`. */
const climbIntoFeature = (depth, except = []) => ({
  regex: String.raw`^(\.\./){${depth + 1}}` + except.map((name) => `(?!${name}/)`).join('') + String.raw`[^./][^/]*/(?!index$).+`,
  message: FEATURE_MESSAGE,
});
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Deepest feature file today is one folder down (pages/, components/, support/recording/); the rule covers up to four. */
const FEATURE_DEPTHS = [0, 1, 2, 3, 4];
const featureFiles = (folder, depth) => [`src/client/features/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];
const featureBoundaries = FEATURE_DEPTHS.map((depth) => ({
  files: featureFiles('*', depth),
  rules: restrict(SPA_NOT_SERVER, NAMED_FEATURE_INTERNALS, climbIntoFeature(depth)),
}));
/** api/ and lib/ are below the features: they import none, not even an index. */
const NO_FEATURE = { regex: String.raw`(^|/)features(/|$)`, message: 'api/ and lib/ depend on no feature: take what is needed through saga context or a parameter.' };

/**
 * No service path in a component or a page (docs/architecture.md, "Loading data"): a feature's api.ts
 * builds each call of the service proxy, its saga sends it, and the UI dispatches what happened. A
 * string (or a template's first part) that starts like a service path is refused there: the proxy's
 * own `/api/…`, and the first segment of every service route (src/server/services/*\/routes.ts) that
 * is not also a page of the app (/certificates/:code and /password are pages: only their service
 * paths count). Written with \x2F for "/": a selector's regular expression ends at the first "/".
 * Importing a table of service paths is refused there too: the upper-case `…_PATHS` of common/ and
 * a feature's `…Api` (the lower-case `…Paths` are the app's own addresses, for links).
 */
const SERVICE_PATH = String.raw`^\x2F(?:api|admin|me|kb|catalog|progress|transcripts|bookmarks|classes|turn-ins|support|registration|budgets|worksheets|users|permissions|whichway|status|certificates\x2F(?:modules|verify)|password\x2F(?:forgot|reset(?:\x2Fcheck)?$))(?:\x2F|$)`;
const SERVICE_PATH_MESSAGE = "A service path belongs in the feature's api.ts, called by its saga: dispatch what happened instead.";
const noServicePaths = {
  'no-restricted-syntax': [
    'error',
    { selector: `Literal[value=/${SERVICE_PATH}/]`, message: SERVICE_PATH_MESSAGE },
    { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${SERVICE_PATH}/]`, message: SERVICE_PATH_MESSAGE },
    { selector: 'ImportSpecifier[imported.name=/^[A-Z_]+_PATHS$|Api$|^catalog(Reads|Changes)$/]', message: SERVICE_PATH_MESSAGE },
  ],
};
/** The UI files: components and pages anywhere in the SPA, and every .tsx of a feature. */
const UI_FILES = ['src/client/**/components/**/*.{ts,tsx}', 'src/client/**/pages/**/*.{ts,tsx}', 'src/client/features/**/*.tsx'];

/**
 * Translated features (docs/i18n.md): their pages and components say only catalog messages. No
 * text with letters between JSX tags (or as a literal child), and no literal in an attribute a
 * person reads or hears; `t('…')` is how words get there. A feature is added here once converted.
 * Their files are UI files too: one `no-restricted-syntax` holds both lists (a later entry's setting
 * of a rule replaces an earlier one's, it does not add to it).
 */
const TRANSLATED_FEATURES = ['registration', 'password', 'profile'];
const SPOKEN = String.raw`/^(label|title|placeholder|aria-label|helperText)$/`;
const LETTERS = String.raw`/[A-Za-zÀ-ɏ]/`;
const UNTRANSLATED = 'A translated feature says only catalog messages: add the words to its messages/en.ts and es.ts and use t() (docs/i18n.md).';
const untranslatedText = {
  files: TRANSLATED_FEATURES.flatMap((feature) => [`src/client/features/${feature}/{pages,components}/**/*.tsx`]),
  rules: {
    'no-restricted-syntax': [
      ...noServicePaths['no-restricted-syntax'],
      ...[
        `JSXText[value=${LETTERS}]`,
        `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=${LETTERS}]`,
        `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral:has(TemplateElement[value.raw=${LETTERS}])`,
        `JSXAttribute[name.name=${SPOKEN}] > Literal[value=${LETTERS}]`,
        `JSXAttribute[name.name=${SPOKEN}] > JSXExpressionContainer > Literal[value=${LETTERS}]`,
        `JSXAttribute[name.name=${SPOKEN}] > JSXExpressionContainer > TemplateLiteral:has(TemplateElement[value.raw=${LETTERS}])`,
        `JSXAttribute[name.name=${SPOKEN}] > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${LETTERS}]`,
      ].map((selector) => ({ selector, message: UNTRANSLATED })),
    ],
  },
};

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
      ...restrict(SPA_NOT_SERVER, NAMED_FEATURE_INTERNALS),
    },
  },
  ...featureBoundaries,
  { files: ['src/client/{api,lib}/**/*.{ts,tsx}'], rules: restrict(SPA_NOT_SERVER, NO_FEATURE) },
  { files: UI_FILES, rules: noServicePaths },
  untranslatedText,
  {
    // the build's prerender of the sign-in page runs in Node and uses emotion's server renderer (a
    // library, not our server code)
    files: ['src/client/renderAhead/prerender.tsx'],
    rules: restrict({ ...SPA_NOT_SERVER, group: ['**/server/**', '!@emotion/server/**'] }, NAMED_FEATURE_INTERNALS),
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
