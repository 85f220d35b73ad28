/** Errors logged while a recording runs: what a mark may carry (privacy), and the recorder marking them. */
import {
  currentFieldValues,
  ERROR_MARK_LIMITS,
  errorMarkPayload,
} from '../../../../../../src/client/features/support/recording/errorMarks';
import { createRecorder, type RecordedEvent } from '../../../../../../src/client/features/support/recording/recorder';
import { reportClientError } from '../../../../../../src/client/lib/errorLog';

// rrweb's record() needs a laid-out page: a stand-in whose custom events reach emit() as rrweb's do
const CUSTOM = 5;
let emit: ((event: RecordedEvent) => void) | null = null;
let now = 1_000;
const rrwebStop = jest.fn(() => {
  emit = null;
});
jest.mock('rrweb', () => ({
  record: Object.assign(
    (options: { emit: (event: RecordedEvent) => void }) => {
      emit = options.emit;
      return rrwebStop;
    },
    {
      addCustomEvent: (tag: string, payload: unknown) => {
        if (!emit) throw new Error('please add custom event after start recording');
        emit({ type: CUSTOM, timestamp: (now += 10), data: { tag, payload } });
      },
    },
  ),
}));

const HREF = 'http://localhost/app/budgets/7?draft=1#top';

describe('errorMarkPayload: the message and the route path only, redacted', () => {
  it.each([
    { name: 'a plain message', message: 'Quiz failed to load', fields: [], expected: 'Quiz failed to load' },
    { name: 'a stack: its first line only', message: 'TypeError: x is undefined\n    at render (http://localhost/static/main.js?v=3:1:200)', fields: [], expected: 'TypeError: x is undefined' },
    { name: 'an address: its path without the query', message: 'GET http://localhost/register/4?token=abc&name=Ana failed', fields: [], expected: 'GET http://localhost/register/4 failed' },
    { name: 'a secret path segment', message: 'No page /password/reset/5f8a2c91e0d44b7aa1c3', fields: [], expected: 'No page /password/reset/[redacted]' },
    { name: 'an e-mail address', message: 'No account for ana.lopez@students.lincoln.edu', fields: [], expected: 'No account for [redacted]' },
    { name: 'a token-like word', message: 'Bad token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl99', fields: [], expected: 'Bad token [redacted]' },
    { name: 'quoted text (a parser quoting what it read)', message: 'Unexpected token \'h\', "hello Ana" is not valid JSON', fields: [], expected: 'Unexpected token \'h\', "[redacted]" is not valid JSON' },
    { name: 'what is typed in a field', message: 'Rejected: my secret plan', fields: ['my secret plan', 'ab'], expected: 'Rejected: [redacted]' },
    { name: 'an empty message', message: '  \n ', fields: [], expected: 'Error' },
  ])('$name', ({ message, fields, expected }) => {
    expect(errorMarkPayload(message, HREF, fields)).toEqual({ message: expected, path: '/app/budgets/7' });
  });

  it('caps the message', () => {
    const { message } = errorMarkPayload('word '.repeat(100), HREF);
    expect(message).toHaveLength(ERROR_MARK_LIMITS.messageChars);
    expect(message.endsWith('…')).toBe(true);
  });

  it.each([
    ['http://localhost/app/support?ticket=HELP-1', '/app/support'],
    ['http://localhost/password/reset/5f8a2c91e0d44b7aa1c3', '/password/reset/[redacted]'],
    ['/app/catalog?q=ana', '/app/catalog'],
  ])('the route path of %s is %s', (href, path) => {
    expect(errorMarkPayload('x', href).path).toBe(path);
  });

  it('reads what is typed in text fields, not boxes or buttons', () => {
    document.body.innerHTML = `
      <input type="text" value="Ana Lopez"><input type="password" value="hunter22"><textarea>my plan</textarea>
      <input type="checkbox" value="on"><input type="submit" value="Submit"><input type="text" value="">`;
    expect(currentFieldValues()).toEqual(['Ana Lopez', 'hunter22', 'my plan']);
  });
});

describe('the recorder marks the errors logged while it records', () => {
  const errorsIn = (events: RecordedEvent[]) => events.filter((e) => e.type === CUSTOM).map((e) => e.data);

  beforeEach(() => {
    document.body.innerHTML = '<input type="text" value="Ana Lopez">';
    window.history.replaceState(null, '', '/app/modules/2?step=3');
  });

  it('uncaught errors, unhandled rejections and reported failures, redacted, while recording only', async () => {
    const recorder = createRecorder();
    reportClientError(new Error('before the box was ticked'));
    await expect(recorder.start()).resolves.toBe(true);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught Error: boom', error: new Error('Quiz failed for Ana Lopez') }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('Network Error');
    window.dispatchEvent(rejection);
    reportClientError({ kind: 'server', status: 500, message: 'Budget could not be saved' });
    recorder.stop();
    reportClientError(new Error('after the box was unticked'));
    expect(errorsIn(recorder.events())).toEqual([
      { tag: 'error', payload: { message: 'Quiz failed for [redacted]', path: '/app/modules/2' } },
      { tag: 'error', payload: { message: 'Network Error', path: '/app/modules/2' } },
      { tag: 'error', payload: { message: 'Budget could not be saved', path: '/app/modules/2' } },
    ]);
  });

  it(`keeps at most ${ERROR_MARK_LIMITS.perRecording} marks per recording; a cleared buffer starts again`, async () => {
    const recorder = createRecorder();
    await recorder.start();
    for (let i = 0; i < ERROR_MARK_LIMITS.perRecording + 5; i += 1) recorder.logError(`error ${i}`);
    expect(errorsIn(recorder.events())).toHaveLength(ERROR_MARK_LIMITS.perRecording);
    recorder.clear();
    recorder.logError('after clearing');
    expect(errorsIn(recorder.events())).toEqual([{ tag: 'error', payload: { message: 'after clearing', path: '/app/modules/2' } }]);
    recorder.stop();
  });
});
