/**
 * [S9.08] The strength meter on zxcvbn-ts: the estimate, the breach-list check it shares with the
 * server, and the meter that shows them.
 */
import { render, screen } from '@testing-library/react';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '../../../../src/common/accountMessages';
import { isCommonPassword as serverIsCommon } from '../../../../src/server/security/commonPasswords';
import { estimatePassword, isCommonPassword } from '../../../../src/client/ui/passwordMeter';
import { PasswordStrength } from '../../../../src/client/ui/PasswordStrength';
import { passwordStrengthLabel } from '../../../../src/client/ui/passwordStrength';

describe('the breach-list check', () => {
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

  it('agrees with the server for every password of the list and for ordinary phrases', () => {
    const sample = dictionary.passwords.filter((_, i) => i % 97 === 0);
    expect(sample.length).toBeGreaterThan(400);
    expect(sample.filter((p) => isCommonPassword(p) !== serverIsCommon(p))).toEqual([]);
    const phrases = ['the quick brown fox', 'my budget for 2027', 'saving for a car!', 'Lincoln High 2026', 'blue-river-42'];
    expect(phrases.filter((p) => isCommonPassword(p) || serverIsCommon(p))).toEqual([]);
  });
});

describe('[S9.08] the zxcvbn estimate as SPEC labels', () => {
  const label = (password: string, userName: string | null = null) =>
    passwordStrengthLabel(password, { userName, isCommon: isCommonPassword, score: estimatePassword(password, userName ? [userName] : []).score });

  it.each([
    // on the breach list: refused on submit, so Weak
    ['password123', 'Weak'],
    ['Password123', 'Weak'],
    // a keyboard walk and a common word with a year: quickly guessed
    ['qwertyuiop1', 'Weak'],
    ['football2024', 'Weak'],
    // long, unusual phrases
    ['maple leaves in autumn', 'Strong'],
    ['Budget-2026!x', 'Strong'],
  ])('%p is %s', (password, expected) => {
    expect(label(password)).toBe(expected);
  });

  it('counts the user name as a guess, not only when the password equals it', () => {
    expect(label('Quinn.Tester1', null)).not.toBe('Weak');
    expect(label('Quinn.Tester1', 'quinn.tester')).toBe('Weak');
  });

  it.each([
    [0, 'Weak'],
    [1, 'Weak'],
    [2, 'Medium'],
    [3, 'Strong'],
    [4, 'Strong'],
  ])('score %i reads %s for a password the rules accept', (score, expected) => {
    expect(passwordStrengthLabel('an accepted one', { score })).toBe(expected);
  });
});

describe('[S9.08] the meter', () => {
  it('says Weak and why for a common password once the estimator has loaded, and no more for an ordinary one', async () => {
    const { rerender } = render(<PasswordStrength password="password123" />);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Password strength: Weak' })).toBeInTheDocument();
    rerender(<PasswordStrength password="maple leaves in autumn" />);
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordCommon)).not.toBeInTheDocument();
  });
});
