/**
 * SPEC §5 support messages word for word (a table, [S5.05]–[S5.12]); the request schema the server
 * uses; the appended details (S7.09); the recording ring buffer and truncation (SPEC §9).
 */
import { SUPPORT_DETAILS_MARKER, composeDescription, pushEvent, splitDescription, truncateRecording, RECORDING_LIMITS } from '../../../src/common/support';
import { supportRequestSchema, supportSchema } from '../../../src/common/validation';

const valid = { name: 'Lena Learner', email: 'lena@example.edu', subject: 'Help', description: 'Please help' };

function firstError(schema: typeof supportSchema | typeof supportRequestSchema, values: object): string | null {
  try {
    schema.validateSync(values, { abortEarly: true });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('support messages, to the letter (SPEC §5)', () => {
  it.each([
    ['[S5.06] name empty', { name: '' }, 'Value is required'],
    ['[S5.06] name only spaces', { name: '   ' }, 'Value is required'],
    ['[S5.07] name of 1 character', { name: 'L' }, 'Your name must be at least 2 characters'],
    ['[S5.07] name of 2 characters is fine', { name: 'Li' }, null],
    ['[S5.08] name of 100 characters', { name: 'x'.repeat(100) }, 'Your name must be less than 100 characters'],
    ['[S5.08] name of 99 characters is fine', { name: 'x'.repeat(99) }, null],
    ['[S5.09] email empty', { email: '' }, 'Value is required'],
    ['[S5.09] email of 101 characters', { email: `${'x'.repeat(89)}@example.edu` }, 'Email must be less than 100 characters'],
    ['[S5.09] email of 100 characters is fine', { email: `${'x'.repeat(88)}@example.edu` }, null],
    ['[S5.10] email without @', { email: 'lena.example.edu' }, 'Email is not valid'],
    ['[S5.10] email without a dot', { email: 'lena@example' }, 'Email is not valid'],
    ['[S5.11] subject empty', { subject: '' }, 'Value is required'],
    ['[S5.11] subject of 201 characters', { subject: 's'.repeat(201) }, 'Subject must be less than 200 characters'],
    ['[S5.11] subject of 200 characters is fine', { subject: 's'.repeat(200) }, null],
    ['[S5.12] description empty', { description: '' }, 'Value is required'],
    ['[S5.12] description of 2001 characters', { description: 'd'.repeat(2001) }, 'Comments must be less than 2,000 characters'],
    ['[S5.12] description of 2000 characters is fine', { description: 'd'.repeat(2000) }, null],
  ])('%s → %p', (_label, change, message) => {
    expect(firstError(supportSchema, { ...valid, ...change })).toBe(message);
  });
});

describe('the request schema the server validates with (S7.09)', () => {
  const details = { name: 'Lena', email: 'lena@example.edu', userName: 'learner', pageUrl: 'http://x/app', referrer: '', userAgent: 'UA', recordingUrl: null };

  it('checks only the comments against the 2,000 limit, with the same message', () => {
    const ok = { ...valid, description: composeDescription('d'.repeat(2000), details), useragent: 'UA', url: 'http://x/app' };
    expect(firstError(supportRequestSchema, ok)).toBeNull();
    const tooLong = { ...ok, description: composeDescription('d'.repeat(2001), details) };
    expect(firstError(supportRequestSchema, tooLong)).toBe('Comments must be less than 2,000 characters');
    const empty = { ...ok, description: composeDescription('', details) };
    expect(firstError(supportRequestSchema, empty)).toBe('Value is required');
  });

  it('[S7.09] the appended details carry name, e-mail, user name, page, referrer, user agent and the recording link', () => {
    const text = composeDescription('It broke.', { ...details, referrer: 'http://x/app/catalog', recordingUrl: 'http://x/app/support/recordings/abc' });
    const { comments, details: appended } = splitDescription(text);
    expect(comments).toBe('It broke.');
    expect(text.startsWith(`It broke.${SUPPORT_DETAILS_MARKER}`)).toBe(true);
    expect(appended.split('\n')).toEqual([
      'Name: Lena',
      'E-mail: lena@example.edu',
      'User name: learner',
      'Page: http://x/app',
      'Referrer: http://x/app/catalog',
      'User agent: UA',
      'Session recording: http://x/app/support/recordings/abc',
    ]);
  });
});

describe('recording buffer (SPEC §9: queue 1000, body truncation 4,096,000)', () => {
  it('keeps at most 1000 events and starts at a snapshot (Meta) event', () => {
    let buffer: Array<{ type: number; timestamp: number }> = [];
    for (let i = 0; i < 2500; i += 1) buffer = pushEvent(buffer, { type: i % 300 === 0 ? 4 : 3, timestamp: i });
    expect(RECORDING_LIMITS.queue).toBe(1000);
    expect(buffer.length).toBeLessThanOrEqual(1000);
    expect(buffer[0]?.type).toBe(4);
    expect(buffer[buffer.length - 1]?.timestamp).toBe(2499);
  });

  it('leaves a body within the limit alone and cuts a larger one by whole events, oldest first', () => {
    const small = [{ type: 4 }, { type: 2 }];
    expect(truncateRecording(small)).toEqual({ json: JSON.stringify(small), truncated: false, count: 2 });
    const events = Array.from({ length: 10 }, (_, i) => ({ type: i === 0 || i === 6 ? 4 : 3, n: i, pad: 'x'.repeat(90) }));
    const full = JSON.stringify(events);
    const cut = truncateRecording(events, Math.floor(full.length / 2));
    expect(cut.truncated).toBe(true);
    expect(cut.json.length).toBeLessThanOrEqual(Math.floor(full.length / 2));
    const kept = JSON.parse(cut.json) as Array<{ n: number; type: number }>;
    expect(kept[0]).toEqual(expect.objectContaining({ n: 6, type: 4 }));
    expect(kept[kept.length - 1]?.n).toBe(9);
  });

  it(`an exactly ${RECORDING_LIMITS.bodyTruncation}-character body is kept; one more character is cut`, () => {
    const overhead = JSON.stringify([{ t: '' }]).length;
    const exact = [{ t: 'x'.repeat(RECORDING_LIMITS.bodyTruncation - overhead) }];
    expect(truncateRecording(exact).truncated).toBe(false);
    expect(truncateRecording(exact).json).toHaveLength(RECORDING_LIMITS.bodyTruncation);
    const over = [{ t: 'x'.repeat(RECORDING_LIMITS.bodyTruncation - overhead + 1) }];
    expect(truncateRecording(over).truncated).toBe(true);
    expect(truncateRecording(over).json.length).toBeLessThanOrEqual(RECORDING_LIMITS.bodyTruncation);
  });
});
