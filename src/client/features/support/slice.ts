/**
 * Get Help: the panel's open state, each support form's submission status, and the
 * support console's data. Form values stay in the forms (formik), never here.
 *
 * Events: `support/supportRequested` opens the panel — any page, menu item or error toast may
 * dispatch it. `support/supportSubmitted` starts a submission (sagas.ts), which ends in
 * `supportSucceeded` or `supportFailed`. `support/recordingConsentChanged` is the recording box,
 * which the saga follows (the recorder runs only while a box is ticked).
 *
 * auth:session:end resets the slice (shared computers) and bumps `clearCount`, which remounts the
 * forms empty — EXCEPT when a submission is in flight and the session ended because the server
 * refused the token (401 / expired): then what the student typed stays, so nothing is lost.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MyTicketDetail, MyTicketSummary, RecordingBody, SavedReply, SavedReplyInput, StaffMember, TicketDetail, TicketMessageKind, TicketSummary } from '../../../common/support';
import type { SupportFormValues } from '../../../common/validation';
import type { ApiProblem } from '../../api/apiProblem';
import { sessionEnd } from '../auth';

/** The panel (mounted once, in the root layout) and the form on /help and /app/support. */
export type SupportFormId = 'panel' | 'page';
export type SubmitStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface FormSubmission {
  status: SubmitStatus;
  error: ApiProblem | null;
  lastIssueKey: string | null;
  /** counts successes, so the form knows when to clear subject and description */
  successCount: number;
}

export interface Loadable<T> {
  status: LoadStatus;
  data: T | null;
  error: ApiProblem | null;
}

export interface SupportState {
  panelOpen: boolean;
  /** the panel has been opened at least once: it renders from then on (kept mounted while closed) */
  panelMounted: boolean;
  forms: Record<SupportFormId, FormSubmission>;
  /** bumped when the forms must start empty (session ended) */
  clearCount: number;
  /**
   * Each form's "Attach a recording of my screen" box: unticked until the student ticks it. The
   * recorder runs only while one is ticked (sagas.ts); not a form value, so it lives here where the
   * saga can follow it.
   */
  recordingConsent: Record<SupportFormId, boolean>;
  tickets: Loadable<TicketSummary[]>;
  ticket: Loadable<TicketDetail>;
  recording: Loadable<RecordingBody>;
  /** who a ticket may be assigned to */
  staff: Loadable<StaffMember[]>;
  /**
   * The console's ticket actions and the student's answer being sent. `sent` counts the messages of
   * each kind stored from this tab (the student's answer is a `student` message): a form clears when
   * its own kind is stored, so a note (or an assignment) that lands does not wipe a reply being typed.
   */
  deskSend: { status: SubmitStatus; error: ApiProblem | null; sent: Record<TicketMessageKind, number> };
  /** "My requests": the signed-in student's tickets and the one open */
  myTickets: Loadable<MyTicketSummary[]>;
  myTicket: Loadable<MyTicketDetail>;
  /** the desk's saved replies (the caller's support teams'); `saved` counts the changes stored from this tab */
  savedReplies: Loadable<SavedReply[]> & { saved: number };
}

/** Adding (no id) or changing a saved reply. */
export type SavedReplyChange = SavedReplyInput & { id?: number };

/** What the console sends on a ticket. */
export type DeskAction =
  | { kind: 'reply'; key: string; body: string }
  | { kind: 'note'; key: string; body: string }
  | { kind: 'assign'; key: string; assigneeId: number | null }
  | { kind: 'reopen'; key: string };

const idleForm: FormSubmission = { status: 'idle', error: null, lastIssueKey: null, successCount: 0 };
const idle = { status: 'idle' as LoadStatus, data: null, error: null };

export const initialSupportState: SupportState = {
  panelOpen: false,
  panelMounted: false,
  forms: { panel: idleForm, page: idleForm },
  clearCount: 0,
  recordingConsent: { panel: false, page: false },
  tickets: idle,
  ticket: idle,
  recording: idle,
  staff: idle,
  deskSend: { status: 'idle', error: null, sent: { reply: 0, note: 0, student: 0 } },
  myTickets: idle,
  myTicket: idle,
  savedReplies: { ...idle, saved: 0 },
};

/** What the page knows about where the student is (collected when Submit is pressed). */
export interface PageInfo {
  /** the page's full address */
  url: string;
  /** the site origin, for the absolute replay link */
  origin: string;
  referrer: string;
  userAgent: string;
}

export interface SupportSubmittedPayload {
  formId: SupportFormId;
  values: SupportFormValues;
  /** the student ticked the recording checkbox */
  includeRecording: boolean;
  /** the hidden honeypot field of /help (empty for people) */
  honeypot?: string;
  page: PageInfo;
}

/** Opens the Get Help panel. Any page, menu item or toast may dispatch it. */
export const supportRequested = createAction('support/supportRequested');

const supportSlice = createSlice({
  name: 'support',
  initialState: initialSupportState,
  reducers: {
    /** `minimized`: closed to the small bar, the request still waiting (the buffer stays held). */
    supportPanelClosed(state, _action: PayloadAction<{ minimized?: boolean } | undefined>) {
      state.panelOpen = false;
    },
    recordingConsentChanged(state, action: PayloadAction<{ formId: SupportFormId; consent: boolean }>) {
      state.recordingConsent[action.payload.formId] = action.payload.consent;
    },
    supportSubmitted(state, action: PayloadAction<SupportSubmittedPayload>) {
      const form = state.forms[action.payload.formId];
      form.status = 'pending';
      form.error = null;
    },
    supportSucceeded(state, action: PayloadAction<{ formId: SupportFormId; issuekey: string }>) {
      const form = state.forms[action.payload.formId];
      form.status = 'succeeded';
      form.lastIssueKey = action.payload.issuekey;
      form.successCount += 1;
      if (action.payload.formId === 'panel') state.panelOpen = false;
      // the recording went with this ticket: the next one starts unticked, with nothing recorded
      state.recordingConsent[action.payload.formId] = false;
    },
    supportFailed(state, action: PayloadAction<{ formId: SupportFormId; error: ApiProblem }>) {
      const form = state.forms[action.payload.formId];
      form.status = 'failed';
      form.error = action.payload.error;
    },
    ticketsRequested(state) {
      state.tickets.status = 'loading';
      state.tickets.error = null;
    },
    ticketsLoaded(state, action: PayloadAction<TicketSummary[]>) {
      state.tickets = { status: 'succeeded', data: action.payload, error: null };
    },
    ticketsFailed(state, action: PayloadAction<ApiProblem>) {
      state.tickets.status = 'failed';
      state.tickets.error = action.payload;
    },
    ticketRequested(state, _action: PayloadAction<{ key: string }>) {
      state.ticket = { status: 'loading', data: null, error: null };
    },
    ticketLoaded(state, action: PayloadAction<TicketDetail>) {
      state.ticket = { status: 'succeeded', data: action.payload, error: null };
    },
    ticketFailed(state, action: PayloadAction<ApiProblem>) {
      state.ticket = { status: 'failed', data: null, error: action.payload };
    },
    ticketResolveRequested(state, _action: PayloadAction<{ key: string }>) {
      state.ticket.error = null;
    },
    recordingRequested(state, _action: PayloadAction<{ id: string }>) {
      state.recording = { status: 'loading', data: null, error: null };
    },
    recordingLoaded(state, action: PayloadAction<RecordingBody>) {
      state.recording = { status: 'succeeded', data: action.payload, error: null };
    },
    recordingFailed(state, action: PayloadAction<ApiProblem>) {
      state.recording = { status: 'failed', data: null, error: action.payload };
    },
    staffRequested(state) {
      state.staff.status = 'loading';
    },
    staffLoaded(state, action: PayloadAction<StaffMember[]>) {
      state.staff = { status: 'succeeded', data: action.payload, error: null };
    },
    staffFailed(state, action: PayloadAction<ApiProblem>) {
      state.staff = { status: 'failed', data: null, error: action.payload };
    },
    deskActionRequested(state, _action: PayloadAction<DeskAction>) {
      state.deskSend.status = 'pending';
      state.deskSend.error = null;
    },
    deskActionSucceeded(state, action: PayloadAction<{ kind: DeskAction['kind']; ticket: TicketDetail }>) {
      const { kind, ticket } = action.payload;
      state.ticket = { status: 'succeeded', data: ticket, error: null };
      state.deskSend.status = 'succeeded';
      state.deskSend.error = null;
      if (kind === 'reply' || kind === 'note') state.deskSend.sent[kind] += 1;
    },
    deskActionFailed(state, action: PayloadAction<ApiProblem>) {
      state.deskSend.status = 'failed';
      state.deskSend.error = action.payload;
    },
    myTicketsRequested(state) {
      state.myTickets.status = 'loading';
      state.myTickets.error = null;
    },
    myTicketsLoaded(state, action: PayloadAction<MyTicketSummary[]>) {
      state.myTickets = { status: 'succeeded', data: action.payload, error: null };
    },
    myTicketsFailed(state, action: PayloadAction<ApiProblem>) {
      state.myTickets.status = 'failed';
      state.myTickets.error = action.payload;
    },
    myTicketRequested(state, _action: PayloadAction<{ key: string }>) {
      state.myTicket = { status: 'loading', data: null, error: null };
    },
    myTicketLoaded(state, action: PayloadAction<MyTicketDetail>) {
      state.myTicket = { status: 'succeeded', data: action.payload, error: null };
    },
    myTicketFailed(state, action: PayloadAction<ApiProblem>) {
      state.myTicket = { status: 'failed', data: null, error: action.payload };
    },
    myAnswerSent(state, _action: PayloadAction<{ key: string; body: string }>) {
      state.deskSend.status = 'pending';
      state.deskSend.error = null;
    },
    savedRepliesRequested(state) {
      state.savedReplies.status = 'loading';
      state.savedReplies.error = null;
    },
    savedRepliesLoaded(state, action: PayloadAction<SavedReply[]>) {
      state.savedReplies = { status: 'succeeded', data: action.payload, error: null, saved: state.savedReplies.saved };
    },
    savedRepliesFailed(state, action: PayloadAction<ApiProblem>) {
      state.savedReplies.status = 'failed';
      state.savedReplies.error = action.payload;
    },
    savedReplySaveRequested(_state, _action: PayloadAction<SavedReplyChange>) {},
    savedReplyDeleteRequested(_state, _action: PayloadAction<{ id: number }>) {},
    /** a change was stored: its form clears (remounts) */
    savedReplyStored(state) {
      state.savedReplies.saved += 1;
    },
    myAnswerSucceeded(state, action: PayloadAction<MyTicketDetail>) {
      state.myTicket = { status: 'succeeded', data: action.payload, error: null };
      state.deskSend.status = 'succeeded';
      state.deskSend.error = null;
      state.deskSend.sent.student += 1;
      const listed = state.myTickets.data?.find((t) => t.key === action.payload.key);
      if (listed) listed.status = action.payload.status;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(supportRequested, (state) => {
      state.panelOpen = true;
      state.panelMounted = true;
    });
    builder.addCase(sessionEnd, (state, action) => {
      const refused = action.payload.reason === 'unauthorized' || action.payload.reason === 'expired';
      const pending = (Object.keys(state.forms) as SupportFormId[]).some((id) => state.forms[id].status === 'pending');
      if (refused && pending) {
        // keep the forms (and the open panel) as they are: the saga reports the failure. The
        // recording stops all the same: a shared computer's next student is not recorded
        state.recordingConsent = initialSupportState.recordingConsent;
        state.tickets = idle;
        state.ticket = idle;
        state.recording = idle;
        state.staff = idle;
        state.myTickets = idle;
        state.myTicket = idle;
        state.savedReplies = initialSupportState.savedReplies;
        return;
      }
      return { ...initialSupportState, clearCount: state.clearCount + 1 };
    });
  },
});

export const {
  supportPanelClosed,
  recordingConsentChanged,
  supportSubmitted,
  supportSucceeded,
  supportFailed,
  ticketsRequested,
  ticketsLoaded,
  ticketsFailed,
  ticketRequested,
  ticketLoaded,
  ticketFailed,
  ticketResolveRequested,
  recordingRequested,
  recordingLoaded,
  recordingFailed,
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
  savedRepliesRequested,
  savedRepliesLoaded,
  savedRepliesFailed,
  savedReplySaveRequested,
  savedReplyDeleteRequested,
  savedReplyStored,
} = supportSlice.actions;
export const supportReducer = supportSlice.reducer;
export default supportSlice.reducer;
