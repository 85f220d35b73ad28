import type { SupportFormId, SupportState } from './slice';

export interface SupportRootState {
  support: SupportState;
}

export const selectSupportPanelOpen = (state: SupportRootState) => state.support.panelOpen;
export const selectSupportPanelMounted = (state: SupportRootState) => state.support.panelMounted;
export const selectSupportForm = (state: SupportRootState, formId: SupportFormId) => state.support.forms[formId];
export const selectSupportClearCount = (state: SupportRootState) => state.support.clearCount;
export const selectTickets = (state: SupportRootState) => state.support.tickets;
export const selectTicket = (state: SupportRootState) => state.support.ticket;
export const selectRecording = (state: SupportRootState) => state.support.recording;
