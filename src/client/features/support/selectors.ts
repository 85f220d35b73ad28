import { hasPermission, SUPPORT_PERMISSION } from '../../../common/permissions';
import { selectHelpBufferOff, selectIsAuthenticated, selectPermissions, type AuthRootState } from '../auth';
import type { RecorderMode } from './recording/recorder';
import type { SupportFormId, SupportState } from './slice';

export interface SupportRootState {
  support: SupportState;
}

export const selectSupportPanelOpen = (state: SupportRootState) => state.support.panelOpen;
/** Read on every page by the root layout: false until the support area has loaded (app/areas.ts). */
export const selectSupportPanelMounted = (state: Partial<SupportRootState>) => state.support?.panelMounted ?? false;
export const selectSupportForm = (state: SupportRootState, formId: SupportFormId) => state.support.forms[formId];
export const selectSupportClearCount = (state: SupportRootState) => state.support.clearCount;
export const selectTickets = (state: SupportRootState) => state.support.tickets;
export const selectTicket = (state: SupportRootState) => state.support.ticket;
export const selectRecording = (state: SupportRootState) => state.support.recording;
export const selectRecordingConsent = (state: SupportRootState, formId: SupportFormId) => state.support.recordingConsent[formId];
/** Some form's recording box is ticked. */
export const selectRecordingWanted = (state: SupportRootState) => Object.values(state.support.recordingConsent).some(Boolean);

/**
 * How the recorder runs (recording/recorder.ts): `buffer` (the last minute, kept in this tab) while a
 * signed-in student works, unless the current school turned it off; support staff are not buffered
 * (their pages replay other people's screens). Otherwise `tick` while a recording box is ticked,
 * else `off`.
 */
export const selectRecorderMode = (state: SupportRootState & AuthRootState): RecorderMode => {
  if (selectIsAuthenticated(state) && !selectHelpBufferOff(state) && !hasPermission(selectPermissions(state), SUPPORT_PERMISSION)) return 'buffer';
  return selectRecordingWanted(state) ? 'tick' : 'off';
};
export const selectStaff = (state: SupportRootState) => state.support.staff;
export const selectDeskSend = (state: SupportRootState) => state.support.deskSend;
export const selectMyTickets = (state: SupportRootState) => state.support.myTickets;
export const selectMyTicket = (state: SupportRootState) => state.support.myTicket;
export const selectSavedReplies = (state: SupportRootState) => state.support.savedReplies;
