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
/** Some form's recording box is ticked: the recorder runs. */
export const selectRecordingWanted = (state: SupportRootState) => Object.values(state.support.recordingConsent).some(Boolean);
export const selectStaff = (state: SupportRootState) => state.support.staff;
export const selectDeskSend = (state: SupportRootState) => state.support.deskSend;
export const selectMyTickets = (state: SupportRootState) => state.support.myTickets;
export const selectMyTicket = (state: SupportRootState) => state.support.myTicket;
