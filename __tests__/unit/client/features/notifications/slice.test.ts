import {
  notificationRaised,
  notificationShown,
  notificationsReducer,
  selectPendingNotifications,
} from '../../../../../src/client/features/notifications/slice';

const raise = (input?: Parameters<typeof notificationRaised>[0]) =>
  notificationsReducer(undefined, notificationRaised(input)).pending[0];

describe('notifications (SPEC S4.20, S3.09, S9.03)', () => {
  it("[S4.20][S9.03] defaults: info, 'Notification', closable, life 3000, top-right area", () => {
    expect(raise({})).toEqual({
      id: expect.any(String),
      severity: 'info',
      summary: 'Notification',
      closable: true,
      life: 3000,
      position: 'default',
    });
  });

  it.each([
    ['success', 3000],
    ['info', 2000],
    ['warn', 5000],
    ['error', 15000],
  ] as const)('[S9.03] severity %s lives %p ms unless a life is given', (severity, life) => {
    expect(raise({ severity })).toMatchObject({ severity, life });
    expect(raise({ severity, life: 42 })).toMatchObject({ severity, life: 42 });
  });

  it('[S3.09] every request field is kept', () => {
    expect(
      raise({ severity: 'warn', summary: 'S', detail: 'D', closable: false, life: 1, group: 'g', position: 'support' }),
    ).toMatchObject({ severity: 'warn', summary: 'S', detail: 'D', closable: false, life: 1, group: 'g', position: 'support' });
  });

  it('each notification gets its own id; shown ones leave the queue', () => {
    let state = notificationsReducer(undefined, notificationRaised({ summary: 'a' }));
    state = notificationsReducer(state, notificationRaised({ summary: 'b' }));
    const [a, b] = state.pending;
    expect(a?.id).not.toBe(b?.id);
    state = notificationsReducer(state, notificationShown(a!.id));
    expect(selectPendingNotifications({ notifications: state })).toEqual([b]);
  });
});
