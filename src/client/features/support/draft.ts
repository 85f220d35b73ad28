/**
 * The Get Help panel's draft in this tab's sessionStorage, so that what a student typed (and the
 * recording choice) survives a reload or an address typed into the bar, never another tab. It is
 * kept under the student it belongs to: a draft is read back only by the same signed-in user (or,
 * signed out, by nobody signed in); the support saga removes it when the request is sent, and every
 * session end (sign-out, the SPEC's idle end) forgets it with the rest of the tab's memory
 * (lib/tabMemory.ts), so a shared computer's next student never sees it.
 */
import type { SupportFormValues } from '../../../common/validation';
import { TAB_MEMORY_PREFIX } from '../../lib/tabMemory';

export const SUPPORT_DRAFT_KEY = `${TAB_MEMORY_PREFIX}support-draft`;

export interface SupportDraft {
  /** the signed-in user's id, null signed out */
  owner: number | null;
  values: SupportFormValues;
  /** the recording box was ticked */
  recording: boolean;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage, or null where the browser refuses it (a private window's quota, a sandbox). */
export function tabStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The draft `owner` left in this tab, or null (none, someone else's, or not a draft at all). */
export function readDraft(owner: number | null, storage: DraftStorage | null = tabStorage()): SupportDraft | null {
  try {
    const parsed = JSON.parse(storage?.getItem(SUPPORT_DRAFT_KEY) ?? 'null') as Partial<SupportDraft> | null;
    const v = parsed?.values;
    if (!parsed || parsed.owner !== owner || !v || ![v.name, v.email, v.subject, v.description].every(isText)) return null;
    return { owner, values: { name: v.name, email: v.email, subject: v.subject, description: v.description }, recording: parsed.recording === true };
  } catch {
    return null;
  }
}

/** Keeps the draft; a full quota loses only the draft, never the form. */
export function writeDraft(draft: SupportDraft, storage: DraftStorage | null = tabStorage()): void {
  try {
    storage?.setItem(SUPPORT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // the form keeps its values; only a reload would lose them
  }
}

export function clearDraft(storage: DraftStorage | null = tabStorage()): void {
  try {
    storage?.removeItem(SUPPORT_DRAFT_KEY);
  } catch {
    // nothing was kept
  }
}

/** A draft worth keeping: something typed beyond the prefilled name and e-mail, or the recording ticked. */
export const hasContent = (draft: Pick<SupportDraft, 'values' | 'recording'>): boolean =>
  draft.recording || draft.values.subject.trim() !== '' || draft.values.description.trim() !== '';
