import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export const selectProfile = (state: RootState) => state.profile;
export const selectProducts = (state: RootState) => state.profile.products;
export const selectPendingEmail = (state: RootState) => state.profile.pendingEmail;
export const selectRedeemedCodes = (state: RootState) => state.profile.codes;
export const selectProductById = createSelector(
  [selectProducts, (_state: RootState, productId: number) => productId],
  (products, productId) => products.find((p) => p.productId === productId) ?? null,
);
