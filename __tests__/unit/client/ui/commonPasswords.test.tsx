/**
 * [S9.08] The strength meter knows the most common passwords: the SPA's hashed list
 * (ui/commonPasswordList.ts, generated from the server's blocklist package) and the meter that uses it.
 */
import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '../../../../src/common/accountMessages';
import { isCommonPassword as serverIsCommon } from '../../../../src/server/security/commonPasswords';
import { COMMON_PASSWORD_COUNT } from '../../../../src/client/ui/commonPasswordList';
import { isCommonPassword } from '../../../../src/client/ui/commonPasswords';
import { passwordHash } from '../../../../src/client/ui/passwordHash';
import { PasswordStrength } from '../../../../src/client/ui/PasswordStrength';
import { passwordStrengthLabel } from '../../../../src/client/ui/passwordStrength';
import { COMMON_PASSWORD_SAMPLE, commonPasswordListSource } from '../../../../scripts/commonPasswordListSource';

describe('passwordHash', () => {
  it.each([
    // FNV-1a 32-bit reference values
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
    // trimmed and lower-cased first, as the server compares
    ['  FooBar ', 0xbf9cf968],
  ])('%p → %i', (password, hash) => {
    expect(passwordHash(password)).toBe(hash);
  });
});

describe('the common-password list in the SPA', () => {
  it('is up to date with @zxcvbn-ts/language-common (regenerate: npm run generate:common-passwords)', () => {
    const file = readFileSync(path.resolve(__dirname, '../../../../src/client/ui/commonPasswordList.ts'), 'utf8');
    expect(file).toBe(commonPasswordListSource());
    expect(COMMON_PASSWORD_COUNT).toBe(COMMON_PASSWORD_SAMPLE);
  });

  it.each([
    ['password123', true],
    ['Password123', true],
    [' iloveyou ', true],
    ['12345678', true],
    ['qwertyuiop', true],
    ['maple leaves in autumn', false],
    ['Budget-2026!x', false],
    ['cashwise-student', false],
    ['', false],
  ])('[S9.08] %p is common: %p', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });

  it('holds the most common passwords of at least 8 characters, each one the server refuses too', () => {
    const long = dictionary.passwords.filter((p) => [...p.trim()].length >= 8);
    const first = long.slice(0, COMMON_PASSWORD_SAMPLE);
    expect(first.every((p) => isCommonPassword(p) && serverIsCommon(p))).toBe(true);
    // a 32-bit hash can collide (about 1 in 4 million for a password outside the list); none of
    // these ordinary phrases is taken for common
    const phrases = ['the quick brown fox', 'my budget for 2027', 'saving for a car!', 'Lincoln High 2026', 'blue-river-42'];
    expect(phrases.filter(isCommonPassword)).toEqual([]);
  });
});

describe('[S9.08] the strength meter with the common-password check', () => {
  it.each([
    ['password123', 'Weak'],
    ['Password123', 'Weak'],
    ['abcdefg1', 'Medium'],
    ['Budget-2026!x', 'Strong'],
  ])('%p is %s', (password, label) => {
    expect(passwordStrengthLabel(password, { isCommon: isCommonPassword })).toBe(label);
  });

  it('says Weak and why for a common password once the check has loaded, and no more for an ordinary one', async () => {
    const { rerender } = render(<PasswordStrength password="password123" />);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength: Weak' })).toBeInTheDocument();
    rerender(<PasswordStrength password="maple leaves in autumn" />);
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordCommon)).not.toBeInTheDocument();
  });
});
