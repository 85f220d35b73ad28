/**
 * The one way a failure becomes a toast. Sagas record a failure with an action carrying the
 * `ApiProblem` (api/apiProblem.ts) and mark the ones the student should see with `withToast` (or put
 * `problemRaised` when no state records it); this listener, in every store, raises the notification.
 * A saga never puts `notificationRaised` for a failure itself, so what a failure says is decided here.
 * Every failure, shown or not, is also reported to the app's error log (lib/errorLog.ts).
 */
import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { failureToShow, problemOf, type ApiProblem, type ProblemToast } from '../../api/apiProblem';
import { reportClientError } from '../../lib/errorLog';
import { notificationRaised, type NotificationInput } from './slice';

/** The toast for a failure: error, 'Error' and the problem's message unless the failure says otherwise. */
export function problemNotification(problem: ApiProblem, toast: ProblemToast): NotificationInput {
  const { detail, ...rest } = toast;
  const notification: NotificationInput = { severity: 'error', summary: 'Error', ...rest };
  const shown = detail === undefined ? problem.message : detail;
  if (shown !== null) notification.detail = shown;
  return notification;
}

/** The store's listener: a failure marked to be shown is followed by its notification. */
export function createNotificationBridge() {
  const bridge = createListenerMiddleware();
  bridge.startListening({
    predicate: (action: UnknownAction) => failureToShow(action) !== null,
    effect: (action, api) => {
      const failure = failureToShow(action);
      if (failure) api.dispatch(notificationRaised(problemNotification(failure.problem, failure.toast)));
    },
  });
  bridge.startListening({
    predicate: (action: UnknownAction) => problemOf(action) !== null,
    effect: (action) => reportClientError(problemOf(action)),
  });
  return bridge.middleware;
}
