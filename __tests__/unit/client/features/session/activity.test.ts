import type { END } from 'redux-saga';
import {
  ACTIVITY_EVENTS,
  createActivityChannel,
  type ActivitySignal,
} from '../../../../../src/client/features/session/activity';

function collect(channel: ReturnType<typeof createActivityChannel>): ActivitySignal[] {
  const got: ActivitySignal[] = [];
  const takeNext = () =>
    channel.take((signal: ActivitySignal | END) => {
      if ('type' in signal && signal.type !== '@@redux-saga/CHANNEL_END') {
        got.push(signal);
        takeNext();
      }
    });
  takeNext();
  return got;
}

describe('[S4.16] activity channel', () => {
  it('listens to mouse down, mouse move, key press (and key down), scroll, touch start — passive', () => {
    const target = { addEventListener: jest.fn(), removeEventListener: jest.fn() };
    createActivityChannel(target, 1000, () => 0);
    const types = target.addEventListener.mock.calls.map((call) => call[0]);
    expect(types).toEqual(['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart']);
    expect(types).toEqual([...ACTIVITY_EVENTS]);
    for (const call of target.addEventListener.mock.calls) expect(call[2]).toMatchObject({ passive: true });
  });

  it('emits at most once per throttle window, however many events arrive', () => {
    let now = 0;
    const target = new EventTarget();
    const channel = createActivityChannel(target, 1000, () => now);
    const got = collect(channel);

    for (let i = 0; i < 200; i += 1) {
      now = i * 4; // 200 mouse moves over 0.8 s
      target.dispatchEvent(new Event('mousemove'));
    }
    expect(got).toEqual([{ type: 'mousemove' }]);

    now = 999;
    target.dispatchEvent(new Event('keydown'));
    expect(got).toHaveLength(1);

    now = 1000; // a new window
    target.dispatchEvent(new Event('keydown'));
    now = 5000;
    target.dispatchEvent(new Event('scroll'));
    target.dispatchEvent(new Event('touchstart'));
    expect(got).toEqual([{ type: 'mousemove' }, { type: 'keydown' }, { type: 'scroll' }]);
  });

  it('every listed event counts as activity', () => {
    for (const type of ACTIVITY_EVENTS) {
      const target = new EventTarget();
      const got = collect(createActivityChannel(target, 1000, () => 0));
      target.dispatchEvent(new Event(type));
      expect(got).toEqual([{ type }]);
    }
  });

  it('closing the channel removes every listener it added', () => {
    const target = { addEventListener: jest.fn(), removeEventListener: jest.fn() };
    const channel = createActivityChannel(target, 1000, () => 0);
    expect(target.removeEventListener).not.toHaveBeenCalled();
    channel.close();
    expect(target.removeEventListener.mock.calls).toEqual(target.addEventListener.mock.calls);

    const real = new EventTarget();
    const realChannel = createActivityChannel(real, 1000, () => 0);
    const got = collect(realChannel);
    realChannel.close();
    real.dispatchEvent(new Event('mousedown'));
    expect(got).toEqual([]);
  });
});
