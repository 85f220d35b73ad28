/**
 * Get Help sagas. Every call goes through the shared API saga (callService /
 * callMultipart); the success toast through notificationRaised, failures through the notification
 * bridge (`withToast`, `problemRaised`); time and navigation are not needed here.
 *
 * Submitting (SPEC S7.09, S8.04, S8.05, S4.19):
 *  1. if the student ticked the recording box and the recorder holds events, a recording id is
 *     drawn and its replay address goes into the appended details;
 *  2. OneLook POST /whichway/support { name, email, subject, description, useragent, url };
 *  3. with an upload token back, the buffer (JSON, truncated to 4,096,000 characters) is uploaded to
 *     POST /support/tickets/:key/recording — a failed upload is logged, the ticket stands;
 *  4. success toast (30 s, bottom-centre) and supportSucceeded (panel closes, the form clears);
 *     failure toast (20 s, bottom-centre) and supportFailed (the form keeps every value).
 *
 * Recording leaves the tab only by opt-in: a ticket carries the buffer only when its form's box is
 * ticked. The recorder itself keeps the last minute in memory while a signed-in student works, or
 * runs from the tick (followRecorder); a session's end stops it and empties the buffer.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { MESSAGES } from '../../../common/messages';
import {
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_TOAST_LIFE_MS,
  composeDescription,
  truncateRecording,
  type RecordingBody,
  type SupportTicketCreated,
  type MyTicketDetail,
  type MyTicketSummary,
  type SavedReply,
  type StaffMember,
  type TicketDetail,
  type TicketSummary,
  RECORDING_NOT_ATTACHED,
} from '../../../common/support';
import type { SupportRequest } from '../../../common/types';
import { callMultipart, callService, toApiProblem, type ServiceRequest } from '../../api/apiSaga';
import { problemRaised, withToast, type ApiProblem } from '../../api/apiProblem';
import { getLogger, type SagaContext } from '../../app/sagaContext';
import { selectUser } from '../auth';
import { areaLoaded } from '../../app/areas';
import { selectMyTickets, selectRecorderMode } from './selectors';
import { clearDraft } from './draft';
import { notificationRaised } from '../notifications';

/** A request's outcome replaces the previous one's toast: a failure, then a success, shows the success alone. */
export const SUPPORT_TOAST_GROUP = 'support-request';
import { sessionRecorder, type RecorderMode } from './recording/recorder';
import {
  recordingConsentChanged,
  supportPanelClosed,
  supportRequested,
  recordingFailed,
  recordingLoaded,
  recordingRequested,
  supportFailed,
  supportSubmitted,
  supportSucceeded,
  ticketFailed,
  ticketLoaded,
  ticketRequested,
  ticketResolveRequested,
  ticketsFailed,
  ticketsLoaded,
  ticketsRequested,
  staffRequested,
  staffLoaded,
  staffFailed,
  deskActionRequested,
  deskActionSucceeded,
  deskActionFailed,
  myTicketsRequested,
  myTicketsLoaded,
  myTicketsFailed,
  myTicketRequested,
  myTicketLoaded,
  myTicketFailed,
  myAnswerSent,
  myAnswerSucceeded,
  savedRepliesFailed,
  savedRepliesLoaded,
  savedRepliesRequested,
  savedReplyDeleteRequested,
  savedReplySaveRequested,
  savedReplyStored,
} from './slice';
import { randomUuid } from '../../lib/randomUuid';

/** The desk's saved replies (server: services/support/savedReplies.ts). */
export const SAVED_REPLIES_PATH = '/support/saved-replies';

/** The replay page's address for a recording id. */
export const replayPath = (recordingId: string) => `/app/support/recordings/${recordingId}`;

export function* submitSupportSaga(action: ReturnType<typeof supportSubmitted>): SagaIterator {
  const { formId, values, includeRecording, honeypot, page } = action.payload;
  const user: ReturnType<typeof selectUser> = yield select(selectUser);
  try {
    const events: ReturnType<typeof sessionRecorder.events> = includeRecording ? yield call([sessionRecorder, sessionRecorder.events]) : [];
    const recordingId: string | null = events.length > 0 ? yield call(randomUuid) : null;
    const description = composeDescription(values.description, {
      name: values.name,
      email: values.email,
      userName: user?.userName ?? null,
      pageUrl: page.url,
      referrer: page.referrer,
      userAgent: page.userAgent,
      recordingUrl: recordingId ? `${page.origin}${replayPath(recordingId)}` : null,
    });
    const payload: SupportRequest & { recordingId?: string; [SUPPORT_HONEYPOT_FIELD]?: string } = {
      name: values.name,
      email: values.email,
      subject: values.subject,
      description,
      useragent: page.userAgent,
      url: page.url,
    };
    if (recordingId) payload.recordingId = recordingId;
    if (honeypot) payload[SUPPORT_HONEYPOT_FIELD] = honeypot;

    const created: SupportTicketCreated = yield call(callService<SupportTicketCreated>, {
      method: 'POST',
      path: '/whichway/support',
      payload,
    });

    let recordingRefusal: ApiProblem | null = null;
    if (created.uploadToken && events.length > 0) {
      try {
        const { json } = truncateRecording(events);
        yield call(
          callMultipart,
          { method: 'POST', path: `/support/tickets/${created.issuekey}/recording`, payload: { token: created.uploadToken } },
          { recording: new Blob([json], { type: 'application/json' }) },
        );
        yield call([sessionRecorder, sessionRecorder.clear]);
      } catch (error) {
        const logger: SagaContext['logger'] = yield call(getLogger);
        const problem = toApiProblem(error);
        logger.warn('The session recording could not be uploaded', problem);
        // a limit reached (the student's recording budget this hour) is the student's to know
        if (problem.status === 429) recordingRefusal = problem;
      }
    }

    yield put(supportSucceeded({ formId, issuekey: created.issuekey }));
    yield put(
      notificationRaised({
        severity: 'success',
        summary: MESSAGES.supportSuccess(created.issuekey),
        life: SUPPORT_TOAST_LIFE_MS.success,
        position: 'support',
        group: SUPPORT_TOAST_GROUP,
      }),
    );
    if (recordingRefusal) {
      yield put(problemRaised(recordingRefusal, { severity: 'warn', summary: RECORDING_NOT_ATTACHED, position: 'support', group: SUPPORT_TOAST_GROUP }));
    }
  } catch (error) {
    const failure = toApiProblem(error);
    yield put(
      withToast(supportFailed({ formId, error: failure }), {
        summary: MESSAGES.supportFailure,
        // SPEC S8.04's toast; when a limit was reached (429) the server's message says which and for how long
        detail: failure.status === 429 ? failure.message : null,
        life: SUPPORT_TOAST_LIFE_MS.failure,
        position: 'support',
        group: SUPPORT_TOAST_GROUP,
      }),
    );
  }
}

/** A read of the support console: the answer to `loaded`, a failure (typed) to `failed`. */
function* loadInto<T>(path: string, loaded: (answer: T) => UnknownAction, failed: (error: ApiProblem) => UnknownAction): SagaIterator {
  try {
    const answer: T = yield call(callService<T>, { method: 'GET', path });
    yield put(loaded(answer));
  } catch (error) {
    yield put(failed(toApiProblem(error)));
  }
}

export function* loadTicketsSaga(): SagaIterator {
  yield call(loadInto<TicketSummary[]>, '/support/tickets', ticketsLoaded, ticketsFailed);
}

export function* loadTicketSaga(action: ReturnType<typeof ticketRequested>): SagaIterator {
  yield call(loadInto<TicketDetail>, `/support/tickets/${encodeURIComponent(action.payload.key)}`, ticketLoaded, ticketFailed);
}

export function* resolveTicketSaga(action: ReturnType<typeof ticketResolveRequested>): SagaIterator {
  try {
    const ticket: TicketDetail = yield call(callService<TicketDetail>, {
      method: 'POST',
      path: `/support/tickets/${encodeURIComponent(action.payload.key)}/resolve`,
    });
    yield put(ticketLoaded(ticket));
  } catch (error) {
    yield put(problemRaised(toApiProblem(error)));
  }
}

export function* loadRecordingSaga(action: ReturnType<typeof recordingRequested>): SagaIterator {
  yield call(loadInto<RecordingBody>, `/support/recordings/${encodeURIComponent(action.payload.id)}`, recordingLoaded, recordingFailed);
}

export function* loadStaffSaga(): SagaIterator {
  yield call(loadInto<StaffMember[]>, '/support/staff', staffLoaded, staffFailed);
}

/** The console's ticket actions; the answer is the ticket as it now stands. A refusal shows in a toast and stays by the form. */
export function* deskActionSaga(action: ReturnType<typeof deskActionRequested>): SagaIterator {
  const a = action.payload;
  const base = `/support/tickets/${encodeURIComponent(a.key)}`;
  const request =
    a.kind === 'reply'
      ? { path: `${base}/replies`, payload: { body: a.body } }
      : a.kind === 'note'
        ? { path: `${base}/notes`, payload: { body: a.body } }
        : a.kind === 'assign'
          ? { path: `${base}/assign`, payload: { assigneeId: a.assigneeId } }
          : { path: `${base}/reopen` };
  try {
    const ticket: TicketDetail = yield call(callService<TicketDetail>, { method: 'POST', ...request });
    yield put(deskActionSucceeded({ kind: a.kind, ticket }));
  } catch (error) {
    const problem = toApiProblem(error);
    yield put(withToast(deskActionFailed(problem)));
  }
}

export function* loadMyTicketsSaga(): SagaIterator {
  yield call(loadInto<MyTicketSummary[]>, '/support/my-tickets', myTicketsLoaded, myTicketsFailed);
}

export function* loadMyTicketSaga(action: ReturnType<typeof myTicketRequested>): SagaIterator {
  yield call(loadInto<MyTicketDetail>, `/support/my-tickets/${encodeURIComponent(action.payload.key)}`, myTicketLoaded, myTicketFailed);
}

/** A request just sent shows at once under "My requests" when that list is loaded (it loads itself when it mounts). */
export function* refreshMyTicketsSaga(): SagaIterator {
  const list: ReturnType<typeof selectMyTickets> = yield select(selectMyTickets);
  if (list.status !== 'idle') yield put(myTicketsRequested());
}

export function* myAnswerSaga(action: ReturnType<typeof myAnswerSent>): SagaIterator {
  try {
    const ticket: MyTicketDetail = yield call(callService<MyTicketDetail>, {
      method: 'POST',
      path: `/support/my-tickets/${encodeURIComponent(action.payload.key)}/replies`,
      payload: { body: action.payload.body },
    });
    yield put(myAnswerSucceeded(ticket));
  } catch (error) {
    yield put(withToast(deskActionFailed(toApiProblem(error))));
  }
}

export function* loadSavedRepliesSaga(): SagaIterator {
  yield call(loadInto<SavedReply[]>, SAVED_REPLIES_PATH, savedRepliesLoaded, savedRepliesFailed);
}

/** Adds, changes or deletes a saved reply, then reads the list again; a refusal shows in a toast. */
export function* changeSavedReplySaga(action: ReturnType<typeof savedReplySaveRequested> | ReturnType<typeof savedReplyDeleteRequested>): SagaIterator {
  const a = action.payload;
  const request: ServiceRequest = savedReplyDeleteRequested.match(action)
    ? { method: 'DELETE', path: `${SAVED_REPLIES_PATH}/${a.id}` }
    : 'title' in a && a.id !== undefined
      ? { method: 'PUT', path: `${SAVED_REPLIES_PATH}/${a.id}`, payload: { title: a.title, body: a.body } }
      : { method: 'POST', path: SAVED_REPLIES_PATH, payload: a };
  try {
    yield call(callService, request);
    yield put(savedReplyStored());
    yield put(savedRepliesRequested());
  } catch (error) {
    yield put(problemRaised(toApiProblem(error)));
  }
}

/**
 * The recorder follows the session and the recording boxes (selectRecorderMode): it buffers the last
 * minute while a signed-in student works (unless their school turned that off), else records from a
 * tick. Whenever the mode changes (signed in or out, the school's setting, a box ticked or unticked
 * where there is no buffer) it stops, forgets what it held, and starts afresh in the new mode: a
 * session's end leaves nothing behind for a shared computer's next student.
 */
export function* followRecorder(): SagaIterator {
  const wanted: RecorderMode = yield select(selectRecorderMode);
  const now: RecorderMode = yield call([sessionRecorder, sessionRecorder.mode]);
  if (wanted === now) return;
  yield call([sessionRecorder, sessionRecorder.stop]);
  yield call([sessionRecorder, sessionRecorder.clear]);
  if (wanted !== 'off') yield call([sessionRecorder, sessionRecorder.start], wanted);
}

/** Buffering, Get Help opened: the moment is marked and the minute before it held until the request is sent. */
export function* holdBufferSaga(): SagaIterator {
  const mode: RecorderMode = yield call([sessionRecorder, sessionRecorder.mode]);
  if (mode === 'buffer') yield call([sessionRecorder, sessionRecorder.markOpened]);
}

/** Buffering, the panel closed (not minimized): back to the last minute only. */
export function* releaseBufferSaga(action: ReturnType<typeof supportPanelClosed>): SagaIterator {
  if (action.payload?.minimized) return;
  yield call([sessionRecorder, sessionRecorder.release]);
}

/** Buffering, a request sent (with its recording or without): nothing of that minute is kept. */
export function* restartBufferSaga(): SagaIterator {
  const mode: RecorderMode = yield call([sessionRecorder, sessionRecorder.mode]);
  if (mode === 'buffer') yield call([sessionRecorder, sessionRecorder.restart]);
}

/** What may change the recorder's mode: the session's actions and the recording boxes. */
const recorderModeMayChange = (action: { type: string }): boolean =>
  action.type.startsWith('auth') || recordingConsentChanged.match(action) || supportSucceeded.match(action) || areaLoaded.match(action);

/** The panel's draft (draft.ts) goes once its request is sent; a session's end forgets it in the auth saga. */
export function* forgetDraftSaga(action: ReturnType<typeof supportSucceeded>): SagaIterator {
  if (action.payload.formId === 'panel') yield call(clearDraft);
}

export function* supportSaga(): SagaIterator {
  yield takeLeading(supportSubmitted, submitSupportSaga);
  yield takeLatest(ticketsRequested, loadTicketsSaga);
  yield takeLatest(ticketRequested, loadTicketSaga);
  yield takeLeading(ticketResolveRequested, resolveTicketSaga);
  yield takeLatest(recordingRequested, loadRecordingSaga);
  yield takeLatest(staffRequested, loadStaffSaga);
  yield takeLeading(deskActionRequested, deskActionSaga);
  yield takeLatest(myTicketsRequested, loadMyTicketsSaga);
  yield takeLatest(myTicketRequested, loadMyTicketSaga);
  yield takeLeading(myAnswerSent, myAnswerSaga);
  yield takeLatest(supportSucceeded, refreshMyTicketsSaga);
  yield takeLatest(savedRepliesRequested, loadSavedRepliesSaga);
  yield takeLeading([savedReplySaveRequested, savedReplyDeleteRequested], changeSavedReplySaga);
  yield takeEvery(supportSucceeded, restartBufferSaga);
  yield takeEvery(recorderModeMayChange, followRecorder);
  yield takeEvery(supportRequested, holdBufferSaga);
  yield takeEvery(supportPanelClosed, releaseBufferSaga);
  // the area loads into a signed-in page: buffering starts now, not at the next action
  yield call(followRecorder);
  yield takeEvery(supportSucceeded, forgetDraftSaga);
}

export default supportSaga;
