import type { RootState } from '../../app/store';

export const selectForgot = (state: RootState) => state.password.forgot;
export const selectResetLink = (state: RootState) => state.password.resetLink;
export const selectReset = (state: RootState) => state.password.reset;
export const selectPasswordChange = (state: RootState) => state.password.change;
