import type { RootState } from '../../app/store';

export const selectRecord = (state: RootState) => state.registration.record;
export const selectRegistrationStatus = (state: RootState) => state.registration.status;
export const selectRegistrationError = (state: RootState) => state.registration.error;
export const selectRegistrationNotice = (state: RootState) => state.registration.notice;
export const selectUserNameCheck = (state: RootState) => state.registration.userNameCheck;
export const selectOtid = (state: RootState) => state.registration.otid;
export const selectCodePreview = (state: RootState) => state.registration.preview;
