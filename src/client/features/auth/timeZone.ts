/**
 * The signed-in person's time zone (User.timezone, SPEC S3.03; America/Chicago when it is absent, and
 * before anyone signs in). Every date the SPA shows is the day it is in this zone
 * (`formatDate(value, useAppSelector(selectTimeZone))`, ui/format.ts), so a shared school computer set
 * to another zone shows a learner, or a support agent, the same day for the same moment on every page,
 * and the day the certificate and the printed record name. Its own module: only the pages' chunks use
 * it, not the entry the sign-in page downloads.
 */
import { DEFAULT_TIMEZONE } from '../../../common/constants';
import { selectUser, type AuthRootState } from './selectors';

export const selectTimeZone = (state: AuthRootState): string => selectUser(state)?.timezone || DEFAULT_TIMEZONE;
