/** Dates on the school administration pages. */
import { formatTime } from '../../../ui/format';

// in the person's zone, as the class dashboard shows times (ui/format.ts), never the browser's unnamed
export const dateText = (at: number | null, timeZone: string) => (at === null ? '—' : formatTime(at, timeZone, { day: true }));
export const dayText = (at: number | null) => (at === null ? 'never' : new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' }));
