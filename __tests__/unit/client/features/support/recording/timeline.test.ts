/** The timeline's error marks, read from the recorder's custom `error` events. */
import { readTimeline } from '../../../../../../src/client/features/support/recording/timeline';

const T0 = 1_700_000_000_000;
const start = { type: 4, timestamp: T0, data: { href: 'http://localhost/app', width: 1366, height: 768 } };
const custom = (payload: unknown, tag = 'error') => ({ type: 5, timestamp: T0 + 5_000, data: { tag, payload } });

describe('readTimeline: error marks', () => {
  it.each([
    { name: 'a message and a path', payload: { message: 'Budget could not be saved', path: '/app/budgets/7' }, detail: 'Error on /app/budgets/7: Budget could not be saved' },
    { name: 'a message only', payload: { message: 'Quiz failed to load' }, detail: 'Error: Quiz failed to load' },
    { name: 'a path only', payload: { path: '/app' }, detail: 'Error on /app' },
    { name: 'an empty message', payload: { message: '  ', path: '/app' }, detail: 'Error on /app' },
    { name: 'no payload', payload: undefined, detail: 'Error' },
    { name: 'a path that is not a path', payload: { message: 'x', path: 'javascript:alert(1)' }, detail: 'Error: x' },
    { name: 'a long message (cut at 120)', payload: { message: 'a'.repeat(300), path: '/app' }, detail: `Error on /app: ${'a'.repeat(120)}` },
  ])('$name', ({ payload, detail }) => {
    expect(readTimeline([start, custom(payload)]).marks).toEqual([{ kind: 'error', offset: 5_000, detail }]);
  });

  it('another custom tag is no mark', () => {
    expect(readTimeline([start, custom({ message: 'x' }, 'note')]).marks).toEqual([]);
  });
});
