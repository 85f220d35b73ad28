/** The user-name box: never red without its reason (QA: "Qu" turned it red, Next grey, no text). */
import { ACCOUNT_MESSAGES } from '../../../../../src/common/accounts';
import { shouldCheckUserName } from '../../../../../src/client/features/registration/slice';
import { userNameFeedback, type UserNameFeedbackInput } from '../../../../../src/client/features/registration/userNameFeedback';

const LENGTH = ACCOUNT_MESSAGES.userNameLength;
const TAKEN = ACCOUNT_MESSAGES.userNameTaken;
/** the page's words for a check under way and a free name (its catalog, in English) */
const SAYS = { checking: 'Checking…', available: 'This user name is available.' };
const check = (userName: string, status: UserNameFeedbackInput['check']['status'], message: string | null = null) => ({ userName, status, message });

describe('userNameFeedback', () => {
  it.each<[string, Omit<UserNameFeedbackInput, 'says'>, ReturnType<typeof userNameFeedback>]>([
    ['empty, untouched', { ruleError: undefined, touched: false, userName: '', check: check('', 'idle') }, { error: false, helperText: undefined, blocked: false }],
    ['"qu" while typing: not judged yet', { ruleError: LENGTH, touched: false, userName: 'qu', check: check('qu', 'idle') }, { error: false, helperText: undefined, blocked: false }],
    [
      '"qu" with a stale refusal from the server: still no red without text',
      { ruleError: LENGTH, touched: false, userName: 'qu', check: check('qu', 'taken', LENGTH) },
      { error: false, helperText: undefined, blocked: false },
    ],
    ['"qu" after leaving the box: the rule', { ruleError: LENGTH, touched: true, userName: 'qu', check: check('qu', 'idle') }, { error: true, helperText: LENGTH, blocked: false }],
    [
      'long enough but a bad character: the rule at once',
      { ruleError: ACCOUNT_MESSAGES.userNameChars, touched: false, userName: 'nora!', check: check('nora!', 'idle') },
      { error: true, helperText: ACCOUNT_MESSAGES.userNameChars, blocked: false },
    ],
    ['checking', { ruleError: undefined, touched: false, userName: 'nora.n', check: check('nora.n', 'checking') }, { error: false, helperText: 'Checking…', blocked: false }],
    ['available', { ruleError: undefined, touched: false, userName: 'nora.n', check: check('nora.n', 'available') }, { error: false, helperText: 'This user name is available.', blocked: false }],
    ['taken: red, Next blocked, with the reason', { ruleError: undefined, touched: false, userName: 'learner', check: check('learner', 'taken', TAKEN) }, { error: true, helperText: TAKEN, blocked: true }],
    ['taken without a message: still a reason', { ruleError: undefined, touched: false, userName: 'learner', check: check('learner', 'taken') }, { error: true, helperText: TAKEN, blocked: true }],
    ['an answer about another name is ignored', { ruleError: undefined, touched: false, userName: 'learners', check: check('learner', 'taken', TAKEN) }, { error: false, helperText: undefined, blocked: false }],
    [
      'the check failed (network): said, not blocking',
      { ruleError: undefined, touched: false, userName: 'nora.n', check: check('nora.n', 'failed', 'Network Error') },
      { error: false, helperText: 'Network Error', blocked: false },
    ],
  ])('%s', (_name, input, expected) => {
    const feedback = userNameFeedback({ ...input, says: SAYS });
    expect(feedback).toEqual(expected);
    // the invariant
    if (feedback.error || feedback.blocked) expect(feedback.helperText).toBeTruthy();
  });
});

describe('shouldCheckUserName', () => {
  it.each([
    ['', false],
    ['qu', false],
    ['nora!', false],
    ['nora', true],
    ['nora.n', true],
  ])('%p → %p', (name, expected) => {
    expect(shouldCheckUserName(name)).toBe(expected);
  });
});
