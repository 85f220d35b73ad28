/**
 * The English catalog says what the SPEC says, word for word (SPEC §4's session dialog), and what
 * the shared constants other code and the e2e tests use say. When SPEC.md is at hand (beside the
 * project, SPEC_PATH), each quoted text is also checked to be in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { en, type MessageId } from '../../../../src/client/i18n/catalogs/en';
import { SESSION_MESSAGES } from '../../../../src/common/sessionMessages';
import { SSO_SIGN_OUT_SENTENCE } from '../../../../src/common/sso';
import { PASSWORD_STRENGTH_LABELS } from '../../../../src/common/display';
import { en as password } from '../../../../src/client/features/password/messages/en';

const SPEC_PATH = process.env.SPEC_PATH ?? '/work/shared/SPEC.md';
const spec = existsSync(SPEC_PATH) ? readFileSync(SPEC_PATH, 'utf8') : null;

describe.each<[MessageId, string, string]>([
  ['session.dialog.title', 'Your session is about to expire', SESSION_MESSAGES.sessionDialogTitle],
  ['session.dialog.text', 'Do you want to stay signed in?', SESSION_MESSAGES.sessionDialogText],
  ['session.dialog.stay', 'Stay Signed In', SESSION_MESSAGES.sessionDialogStay],
  ['session.dialog.signOut', 'Sign Out Now', SESSION_MESSAGES.sessionDialogSignOut],
])('[S4.14] %s', (id, specText, constant) => {
  it(`is "${specText}" in English`, () => {
    expect(en[id]).toBe(specText);
    expect(en[id]).toBe(constant);
  });
  (spec ? it : it.skip)('is quoted so in SPEC.md', () => {
    expect(spec).toContain(specText);
  });
});

it("the shared-computer note is the SSO page's sentence", () => {
  expect(en['login.sharedComputer']).toBe(SSO_SIGN_OUT_SENTENCE);
});

// the features' catalogs: the words of the SPEC their pages show
describe.each<[keyof typeof password, string, string]>([
  ['password.strength.weak', 'Weak', PASSWORD_STRENGTH_LABELS[0]],
  ['password.strength.medium', 'Medium', PASSWORD_STRENGTH_LABELS[1]],
  ['password.strength.strong', 'Strong', PASSWORD_STRENGTH_LABELS[2]],
])('[S9] password strength label %s', (id, specText, constant) => {
  it(`is "${specText}" in English`, () => {
    expect(password[id]).toBe(specText);
    expect(password[id]).toBe(constant);
  });
  (spec ? it : it.skip)('is named so in SPEC.md', () => {
    expect(spec).toContain(`password strength labels Weak, Medium, Strong`);
  });
});
