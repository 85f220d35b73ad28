import { createSelector } from '@reduxjs/toolkit';
import { sameClientId } from '../../../common/clients';
import type { RootState } from '../../app/store';

export const selectProfile = (state: RootState) => state.profile;
export const selectProducts = (state: RootState) => state.profile.products;
export const selectRedeemedCodes = (state: RootState) => state.profile.codes;
/** A course: the product at the given school (an lsclientID), or the product's first course without one. */
export const selectProductById = createSelector(
  [selectProducts, (_state: RootState, productId: number) => productId, (_state: RootState, _productId: number, school?: string | null) => school ?? null],
  (products, productId, school) => products.find((p) => p.productId === productId && (school === null || sameClientId(p.lsclientID, school))) ?? null,
);
