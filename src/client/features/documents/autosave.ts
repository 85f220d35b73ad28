/**
 * Saved documents with auto-save: one slice + saga factory shared by the budget wizard and
 * the worksheets, so both keep a learner's numbers the same way.
 *
 * - The page reports each change of its form as `draftChanged({ draft })` (the parsed document —
 *   integer cents — not the keystrokes); the saga saves it AUTOSAVE_DELAY_MS after the last change
 *   (a debounce), and at once on `saveRequested()` (a step change, "Finish", the page being hidden
 *   or left). Before a session ends, the session saga calls `saveNow` itself (the feature's `draft`,
 *   which its area declares). Saves are sent with keepalive, so one started as the page is reloaded
 *   or closed still arrives.
 * - Saves run one at a time, carry the version they were based on, and on 409 stop with status
 *   'conflict' until the learner chooses: keep mine (re-save over the newer version) or load theirs.
 * - A failed save keeps the draft (dirty) and tries again after RETRY_DELAY_MS or on the next change.
 * - The first save of a new document creates it (POST) and moves the address to its own page.
 * - Everything resets on auth:session:end (shared computers).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, cancelled, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { callService, toApiProblem } from '../../api/apiSaga';
import { problemRaised, withToast, type ApiProblem } from '../../api/apiProblem';
import { getCurrentPath, getNavigate, getStorage, now, wait, type DraftSaver, type SagaContext } from '../../app/sagaContext';
import { resetOnSessionEnd } from '../auth';
import { notificationRaised } from '../notifications';

/** Save this long after typing stops. */
export const AUTOSAVE_DELAY_MS = 2_000;
/** After a failed save, try again this long after (or on the next change). */
export const RETRY_DELAY_MS = 15_000;

export interface SavedDocument {
  id: number;
  version: number;
}

export type ListStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type CurrentStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';
export type SaveStatus = 'idle' | 'pending' | 'saved' | 'failed' | 'conflict';

export interface DocumentState<R extends SavedDocument, S, D> {
  list: { status: ListStatus; items: S[]; error: ApiProblem | null };
  current: {
    status: CurrentStatus;
    record: R | null;
    error: ApiProblem | null;
    /** goes up each time the record is (re)loaded from the server, so the form starts over from it */
    loadCount: number;
  };
  save: { status: SaveStatus; error: ApiProblem | null; savedAt: number | null };
  /** the latest draft the page reported (null: nothing typed since it opened) */
  draft: D | null;
  draftRevision: number;
  savedRevision: number;
  /** the last deleted document, for "Undo" */
  lastDeleted: { id: number; label: string } | null;
}

export interface DocumentFeatureOptions<R extends SavedDocument> {
  /** the slice name and action prefix, e.g. 'budgets' */
  name: string;
  /** the OneLook collection path, e.g. '/budgets' */
  path: string;
  /** what a learner calls it, e.g. 'budget' */
  noun: string;
  /** where a newly created document lives (the address replaces the create page's) */
  editPath: (record: R) => string | null;
  /** the list of the learner's documents (where a create page reopened after an interrupted create goes) */
  listPath: string;
}

/** How long a create interrupted by the page going away counts as "just now" (interruptedCreate). */
export const INTERRUPTED_CREATE_MS = 60_000;

const pathnameOf = (path: string | null): string | null => (path === null ? null : (path.split(/[?#]/)[0] ?? path));

/** What a learner reads when a save or a load did not reach the server (never axios's own wording). */
export const CONNECTION_MESSAGE = 'Cashwise could not be reached, or took too long to answer.';

/** A sentence ends with its full stop, so the next one can follow it. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The failure as the learner reads it: no answer at all (network, timeout) in CONNECTION_MESSAGE,
 * not the library's words ("timeout of 17000ms exceeded", "Network Error"); the server's own
 * messages, written for students, as sentences. A 404 opens as not found, a 409 is a conflict.
 */
function learnerProblem(error: unknown): ApiProblem {
  const problem = toApiProblem(error);
  const unanswered = problem.kind === 'network' || problem.kind === 'timeout';
  return { ...problem, message: unanswered ? CONNECTION_MESSAGE : sentence(problem.message) };
}

const isConflict = (problem: ApiProblem) => problem.status === 409;

export function createDocumentFeature<R extends SavedDocument, S extends SavedDocument, D extends object>(options: DocumentFeatureOptions<R>) {
  const { name, path, noun } = options;
  /** Set while this browser's create of a new document is on its way (storage: it outlives the page). */
  const creatingKey = `cw:creating:${name}`;
  type State = DocumentState<R, S, D>;
  const initialState: State = {
    list: { status: 'idle', items: [], error: null },
    current: { status: 'idle', record: null, error: null, loadCount: 0 },
    save: { status: 'idle', error: null, savedAt: null },
    draft: null,
    draftRevision: 0,
    savedRevision: 0,
    lastDeleted: null,
  };

  /**
   * A clean document state that keeps the list and the undo offer. Immer's Draft of a generic state
   * does not unify with the state type itself, hence the one cast.
   */
  const fresh = (state: { list: unknown; lastDeleted: unknown }, status: CurrentStatus, loadCount: number): never =>
    ({ ...initialState, list: state.list, lastDeleted: state.lastDeleted, current: { ...initialState.current, status, loadCount } }) as never;

  const events = {
    listRequested: createAction(`${name}/listRequested`),
    opened: createAction<{ id: number }>(`${name}/opened`),
    conflictResolved: createAction<{ choice: 'keepMine' | 'loadSaved' }>(`${name}/conflictResolved`),
    duplicateRequested: createAction<{ id: number }>(`${name}/duplicateRequested`),
    deleteRequested: createAction<{ id: number; label: string }>(`${name}/deleteRequested`),
    restoreRequested: createAction<{ id: number }>(`${name}/restoreRequested`),
  };

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      listLoading: (state) => {
        state.list.status = 'loading';
        state.list.error = null;
      },
      listLoaded: (state, action: PayloadAction<S[]>) => {
        state.list = { status: 'succeeded', items: action.payload as never, error: null };
      },
      listFailed: (state, action: PayloadAction<ApiProblem>) => {
        state.list.status = 'failed';
        state.list.error = action.payload;
      },
      /** A new, unsaved document (the create page). */
      started: (state) => fresh(state, 'ready', state.current.loadCount + 1),
      loading: (state) => fresh(state, 'loading', state.current.loadCount + 1),
      loaded: (state, action: PayloadAction<R>) => {
        state.current = { status: 'ready', record: action.payload as never, error: null, loadCount: state.current.loadCount + 1 };
        state.draft = null;
        state.savedRevision = state.draftRevision;
        state.save = { status: 'idle', error: null, savedAt: null };
      },
      loadFailed: (state, action: PayloadAction<ApiProblem>) => {
        state.current.status = action.payload.status === 404 ? 'notFound' : 'failed';
        state.current.error = action.payload;
      },
      draftChanged: (state, action: PayloadAction<{ draft: D }>) => {
        state.draft = action.payload.draft as never;
        state.draftRevision += 1;
      },
      saveRequested: () => {},
      saveStarted: (state) => {
        state.save.status = 'pending';
      },
      saved: (state, action: PayloadAction<{ record: R; revision: number; at: number; loadCount: number }>) => {
        state.list.status = 'idle'; // the list is stale: reload it when shown
        // a save that finishes after the page moved on to another document only refreshes the list
        if (action.payload.loadCount !== state.current.loadCount) return;
        state.current.record = action.payload.record as never;
        state.current.status = 'ready';
        state.savedRevision = Math.max(state.savedRevision, action.payload.revision);
        state.save = { status: 'saved', error: null, savedAt: action.payload.at };
      },
      saveFailed: (state, action: PayloadAction<ApiProblem>) => {
        state.save.status = isConflict(action.payload) ? 'conflict' : 'failed';
        state.save.error = action.payload;
      },
      /** "Keep mine": build on the newer saved version; the draft stays and is saved over it. */
      rebased: (state, action: PayloadAction<R>) => {
        state.current.record = action.payload as never;
        state.save = { status: 'idle', error: null, savedAt: state.save.savedAt };
      },
      closed: (state) => fresh(state, 'idle', state.current.loadCount + 1),
      deleted: (state, action: PayloadAction<{ id: number; label: string }>) => {
        state.list.items = state.list.items.filter((item) => item.id !== action.payload.id) as never;
        state.lastDeleted = action.payload;
      },
      restored: (state) => {
        state.lastDeleted = null;
        state.list.status = 'idle';
      },
      undoDismissed: (state) => {
        state.lastDeleted = null;
      },
    },
    extraReducers: (builder) => {
      resetOnSessionEnd(builder, initialState);
    },
  });

  const actions = { ...slice.actions, ...events };
  const selectState = (root: unknown): State => (root as Record<string, State>)[name] as State;
  const selectors = {
    selectState,
    selectList: (root: unknown) => selectState(root).list,
    selectCurrent: (root: unknown) => selectState(root).current,
    selectSave: (root: unknown) => selectState(root).save,
    selectLastDeleted: (root: unknown) => selectState(root).lastDeleted,
    /** true while typed changes are not yet on the server */
    selectDirty: (root: unknown) => selectState(root).draftRevision > selectState(root).savedRevision,
  };

  /**
   * Saves the draft now if it has unsaved changes. Returns true when nothing is left unsaved.
   * The auto-save loop calls it, and the session saga before a session ends (`draft`). One save at
   * a time: a save already on its way (the other caller's) is waited for first, so two never race
   * with the same version (a 409 against ourselves).
   */
  function* saveNow(): SagaIterator<boolean> {
    let state: State = yield select(selectState);
    while (state.save.status === 'pending') {
      yield take([actions.saved.type, actions.saveFailed.type, actions.closed.type, actions.loading.type, actions.started.type]);
      state = yield select(selectState);
    }
    if (state.save.status === 'conflict') return false;
    if (state.draft === null || state.draftRevision <= state.savedRevision) return true;
    const revision = state.draftRevision;
    const record = state.current.record;
    const { loadCount } = state.current;
    const wasFailing = state.save.status === 'failed';
    yield put(actions.saveStarted());
    const createdFrom: string | null = record ? null : pathnameOf(yield call(getCurrentPath));
    // cancelled on its way (the session's save ran out of time): not 'pending' for ever, which would
    // hold the next save; it counts as not arrived, and auto-save tries again
    let abandoned = true;
    try {
      // keepalive: a save started as the learner leaves (the page hidden, reloaded or closed) still
      // reaches the server (src/client/api/keepaliveAdapter.ts)
      let saved: R;
      if (record) {
        saved = yield call(callService, { method: 'PUT', path: `${path}/${record.id}`, payload: { ...state.draft, version: record.version }, keepalive: true });
      } else {
        // a reload or a closed tab now would leave the new document's address unknown to the page:
        // the mark lets a create page reopened right after send the learner to the list instead
        const storage: Storage = yield call(getStorage);
        const startedAt: number = yield call(now);
        yield call(markCreating, storage, startedAt);
        try {
          saved = yield call(callService, { method: 'POST', path, payload: state.draft, keepalive: true });
        } finally {
          yield call(unmarkCreating, storage);
        }
      }
      abandoned = false;
      const at: number = yield call(now);
      yield put(actions.saved({ record: saved, revision, at, loadCount }));
      const after: State = yield select(selectState);
      const currentPath: string | null = yield call(getCurrentPath);
      // still on the page the document was created from (not gone Back to the list meanwhile)
      if (!record && after.current.loadCount === loadCount && pathnameOf(currentPath) === createdFrom) {
        const to = options.editPath(saved);
        if (to) {
          // keep the query (the wizard's ?step=) so the learner stays where they are
          const query = currentPath?.includes('?') ? currentPath.slice(currentPath.indexOf('?')) : '';
          const navigate: SagaContext['navigate'] = yield call(getNavigate);
          navigate(`${to}${query}`, { replace: true });
        }
      }
      return true;
    } catch (error) {
      const problem = learnerProblem(error);
      abandoned = false;
      // warned once, when saving starts failing; a conflict has its own choices on the page
      const warn = !isConflict(problem) && !wasFailing;
      const failed = actions.saveFailed(problem);
      yield put(
        warn
          ? withToast(failed, {
              severity: 'warn',
              summary: `Your ${noun} is not saved yet`,
              detail: `${problem.message} Your changes are kept on this page and will be saved when the connection is back.`,
            })
          : failed,
      );
      return false;
    } finally {
      if (abandoned && (yield cancelled())) yield put(actions.saveFailed({ kind: 'network', message: CONNECTION_MESSAGE }));
    }
  }

  /**
   * The auto-save loop: changes are debounced (AUTOSAVE_DELAY_MS after the last one); a save request
   * saves at once. One save at a time (the channel buffers what arrives meanwhile).
   */
  function* autosave(): SagaIterator {
    const channel = yield actionChannel([actions.draftChanged.type, actions.saveRequested.type]);
    let waiting = false;
    for (;;) {
      let next: { type: string } | undefined;
      if (waiting) {
        const state: State = yield select(selectState);
        // through the context's wait: virtual time in tests, as every saga that times things
        const pause = state.save.status === 'failed' ? RETRY_DELAY_MS : AUTOSAVE_DELAY_MS;
        const outcome: { action?: { type: string } } = yield race({ action: take(channel), timeout: call(wait, pause) });
        next = outcome.action;
      } else {
        next = yield take(channel);
      }
      if (next && next.type === actions.draftChanged.type) {
        waiting = true;
        continue;
      }
      // the debounce ran out, or a save was asked for
      const done: boolean = yield call(saveNow);
      const state: State = yield select(selectState);
      waiting = !done && state.save.status === 'failed';
    }
  }

  function markCreating(storage: Storage, at: number): void {
    try {
      storage.setItem(creatingKey, String(at));
    } catch {
      // storage refused (private mode, quota): only the reload's hint is lost
    }
  }

  function unmarkCreating(storage: Storage): void {
    try {
      storage.removeItem(creatingKey);
    } catch {
      // as above
    }
  }

  /**
   * A create page opened while this browser's create of a new document was on its way a moment ago
   * (the learner typed, then reloaded or closed the tab: the keepalive save arrived, but its answer,
   * the new address, was lost with the page): the learner is shown the list, where it is, instead of
   * an empty form that would make a second copy.
   */
  function* interruptedCreate(): SagaIterator {
    const storage: Storage = yield call(getStorage);
    const mark = Number(storage.getItem(creatingKey) ?? Number.NaN);
    if (!Number.isFinite(mark)) return;
    unmarkCreating(storage);
    const time: number = yield call(now);
    if (time - mark > INTERRUPTED_CREATE_MS || time < mark) return;
    const navigate: SagaContext['navigate'] = yield call(getNavigate);
    navigate(options.listPath, { replace: true });
    yield put(notificationRaised({ severity: 'info', summary: `What you typed was saved as a new ${noun}`, detail: 'It is in your list.', life: 8_000 }));
  }

  function* loadList(): SagaIterator {
    yield put(actions.listLoading());
    try {
      const items: S[] = yield call(callService, { method: 'GET', path });
      yield put(actions.listLoaded(items));
    } catch (error) {
      yield put(actions.listFailed(learnerProblem(error)));
    }
  }

  function* open({ payload }: ReturnType<typeof events.opened>): SagaIterator {
    yield put(actions.loading());
    try {
      const record: R = yield call(callService, { method: 'GET', path: `${path}/${payload.id}` });
      yield put(actions.loaded(record));
    } catch (error) {
      yield put(actions.loadFailed(learnerProblem(error)));
    }
  }

  function* resolveConflict({ payload }: ReturnType<typeof events.conflictResolved>): SagaIterator {
    const state: State = yield select(selectState);
    const id = state.current.record?.id;
    if (id === undefined) return;
    try {
      const latest: R = yield call(callService, { method: 'GET', path: `${path}/${id}` });
      if (payload.choice === 'loadSaved') {
        yield put(actions.loaded(latest));
      } else {
        yield put(actions.rebased(latest));
        yield put(actions.saveRequested());
      }
    } catch (error) {
      yield put(actions.saveFailed(learnerProblem(error)));
    }
  }

  function* duplicate({ payload }: ReturnType<typeof events.duplicateRequested>): SagaIterator {
    try {
      yield call(callService, { method: 'POST', path: `${path}/${payload.id}/duplicate` });
      yield put(notificationRaised({ severity: 'success', summary: `${noun[0]?.toUpperCase()}${noun.slice(1)} duplicated` }));
      yield call(loadList);
    } catch (error) {
      yield put(problemRaised(learnerProblem(error)));
    }
  }

  function* remove({ payload }: ReturnType<typeof events.deleteRequested>): SagaIterator {
    try {
      yield call(callService, { method: 'DELETE', path: `${path}/${payload.id}` });
      yield put(actions.deleted(payload));
    } catch (error) {
      yield put(problemRaised(learnerProblem(error)));
    }
  }

  function* restore({ payload }: ReturnType<typeof events.restoreRequested>): SagaIterator {
    try {
      yield call(callService, { method: 'POST', path: `${path}/${payload.id}/restore` });
      yield put(actions.restored());
      yield call(loadList);
    } catch (error) {
      yield put(problemRaised(learnerProblem(error)));
    }
  }

  function* saga(): SagaIterator {
    yield takeLatest(actions.started.type, interruptedCreate);
    yield takeLatest(events.listRequested.type, loadList);
    yield takeLatest(events.opened.type, open);
    yield takeEvery(events.conflictResolved.type, resolveConflict);
    yield takeEvery(events.duplicateRequested.type, duplicate);
    yield takeEvery(events.deleteRequested.type, remove);
    yield takeEvery(events.restoreRequested.type, restore);
    yield call(autosave);
  }

  /** For the session's save before it ends (app/areas.ts `draft`, features/session/drafts.ts). */
  const draft: DraftSaver = { key: name, unsaved: selectors.selectDirty, save: saveNow };

  return { name, reducer: slice.reducer, actions, selectors, saga, saveNow, draft, initialState };
}
