/**
 * The Get Help draft kept in this tab (draft.ts): read back only by its owner and only when it is a
 * draft; worth keeping only with something typed or the recording ticked. And the sagas that drop
 * it: the panel's success, and every session end (with the rest of the tab's memory).
 */
import { clearDraft, hasContent, readDraft, SUPPORT_DRAFT_KEY, writeDraft, type SupportDraft } from '../../../../../src/client/features/support/draft';
import { supportSaga } from '../../../../../src/client/features/support/sagas';
import { supportSucceeded } from '../../../../../src/client/features/support/slice';
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { harness, makeSession, NOW, settle } from '../harness';

const values = { name: 'Maya Johnson', email: 'maya@example.edu', subject: 'Quiz', description: 'It froze' };
const draft: SupportDraft = { owner: 7, values, recording: false };

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe('readDraft', () => {
  it.each([
    ['its owner reads it back', JSON.stringify(draft), 7, draft],
    ['another student does not', JSON.stringify(draft), 8, null],
    ['nobody signed in does not read a student’s', JSON.stringify(draft), null, null],
    ['a signed-out draft is read signed out', JSON.stringify({ ...draft, owner: null }), null, { ...draft, owner: null }],
    ['nothing kept', undefined, 7, null],
    ['not JSON', '{oops', 7, null],
    ['not a draft', JSON.stringify({ owner: 7, values: { name: 1 } }), 7, null],
    ['a tick that is not true is no tick', JSON.stringify({ ...draft, recording: 'yes' }), 7, draft],
  ])('%s', (_label, stored, owner, expected) => {
    const storage = memory(stored === undefined ? {} : { [SUPPORT_DRAFT_KEY]: stored });
    expect(readDraft(owner, storage)).toEqual(expected);
  });

  it('a storage that throws loses only the draft', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('denied'); } };
    expect(readDraft(7, broken)).toBeNull();
    expect(() => writeDraft(draft, broken)).not.toThrow();
    expect(() => clearDraft(broken)).not.toThrow();
  });
});

describe('hasContent', () => {
  it.each([
    ['only the prefilled name and e-mail', { ...values, subject: '', description: '' }, false, false],
    ['spaces', { ...values, subject: '  ', description: '\n' }, false, false],
    ['a subject', { ...values, description: '' }, false, true],
    ['comments', { ...values, subject: '' }, false, true],
    ['the recording ticked', { ...values, subject: '', description: '' }, true, true],
  ])('%s', (_label, v, recording, expected) => {
    expect(hasContent({ values: v, recording })).toBe(expected);
  });
});

describe('the draft goes', () => {
  const signedIn = { auth: signedInState(makeSession(), NOW + 30 * 60_000) };
  beforeEach(() => writeDraft(draft));

  it('when the panel’s request is sent, not the page form’s', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [supportSaga] });
    h.store.dispatch(supportSucceeded({ formId: 'page', issuekey: 'HELP-1' }));
    await settle();
    expect(window.sessionStorage.getItem(SUPPORT_DRAFT_KEY)).not.toBeNull();
    h.store.dispatch(supportSucceeded({ formId: 'panel', issuekey: 'HELP-2' }));
    await settle();
    expect(window.sessionStorage.getItem(SUPPORT_DRAFT_KEY)).toBeNull();
  });

  it('at sign-out and at the session’s end, with the rest of the tab’s memory and nothing else', async () => {
    const h = harness({ preloadedState: signedIn, sagas: [authSaga] });
    window.sessionStorage.setItem('unrelated', 'stays');
    h.store.dispatch(sessionEnd({ reason: 'idle' }));
    await settle();
    expect(window.sessionStorage.getItem(SUPPORT_DRAFT_KEY)).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('stays');
  });
});
