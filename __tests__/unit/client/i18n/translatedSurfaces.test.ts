/**
 * The surfaces that speak every language say nothing that is not in the catalogs: no text between
 * JSX tags and no literal in an attribute a person reads or hears. A surface is added here once it
 * is translated; an English sentence typed into one then fails this test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const TRANSLATED = [
  'src/client/features/auth/pages/LoginPage.tsx',
  'src/client/features/auth/pages/SharedComputerNote.tsx',
  'src/client/features/session/components/SessionExpiryDialog.tsx',
  'src/client/features/session/components/BasicExpiryDialog.tsx',
  'src/client/features/language/LanguageSwitch.tsx',
  'src/client/app/Shell/AppShell.tsx',
  'src/client/app/Shell/ProfileMenu.tsx',
  // the features with catalogs of their own (eslint.config.mjs checks the same as they are edited)
  'src/client/features/registration/pages/RegistrationPages.tsx',
  'src/client/features/registration/components/RecordFrame.tsx',
  'src/client/features/registration/components/StepForm.tsx',
  'src/client/features/password/pages/PasswordPages.tsx',
  'src/client/features/profile/pages/ProfilePages.tsx',
  'src/client/features/profile/components/RosterEmailNotice.tsx',
  'src/client/features/profile/components/SchoolSignInLinks.tsx',
  'src/client/features/profile/components/TimezoneField.tsx',
];

/** Attributes whose value is read or announced. */
const SPOKEN_ATTRIBUTES = new Set(['label', 'aria-label', 'title', 'placeholder', 'helperText', 'alt', 'aria-valuetext']);
const WORDS = /\p{L}{2,}/u;

/** Each literal a person would read in the file: `line: text`. */
function untranslatedTexts(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) at(node, node.text);
    if (ts.isJsxAttribute(node) && SPOKEN_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) && WORDS.test(literal.text)) at(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

it.each(TRANSLATED)('%s says only catalog messages', (path) => {
  expect(untranslatedTexts(readFileSync(join(__dirname, '../../../..', path), 'utf8'), path)).toEqual([]);
});

it.each([
  ['text between tags', '<p>Sign in</p>', ['1: Sign in']],
  ['a spoken attribute', '<input aria-label="User name" />', ['1: User name']],
  ['an attribute in braces', "<input label={'Password'} />", ['1: Password']],
  ['a message', "<p>{t('login.title')}</p>", []],
  ['punctuation and spaces', "<p>{a}{' '}.</p>", []],
  ['an attribute nobody reads', '<input name="username" autoComplete="username" />', []],
])('finds %s', (_name, source, expected) => {
  expect(untranslatedTexts(`const x = ${source};`)).toEqual(expected);
});
