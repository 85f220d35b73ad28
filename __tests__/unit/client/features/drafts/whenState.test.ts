import { configureStore, createSlice } from '@reduxjs/toolkit';
import { whenState } from '../../../../../src/client/features/drafts/whenState';

const doc = createSlice({
  name: 'doc',
  initialState: { dirty: true },
  reducers: { saved: (state) => void (state.dirty = false), edited: (state) => void (state.dirty = true) },
});

function makeStore(dirty: boolean) {
  const store = configureStore({ reducer: doc.reducer });
  if (!dirty) store.dispatch(doc.actions.saved());
  return store;
}

describe('whenState: a saga-side save reports back to the drafts registry', () => {
  it('resolves at once when the state already holds', async () => {
    await expect(whenState(makeStore(false), (s) => !s.dirty)).resolves.toBeUndefined();
  });

  it('waits for the state to hold, ignoring changes that do not satisfy it', async () => {
    const store = makeStore(true);
    let settled = false;
    const done = whenState(store, (s) => !s.dirty).then(() => (settled = true));
    store.dispatch(doc.actions.edited());
    await Promise.resolve();
    expect(settled).toBe(false);
    store.dispatch(doc.actions.saved());
    await done;
    expect(settled).toBe(true);
  });
});
