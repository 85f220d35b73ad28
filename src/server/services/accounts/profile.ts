/** A learner's own profile, products, access codes and school order. Every query filters by user_id. */
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  type ProfileProduct,
  type ProfileView,
  type RedeemedAccessCode,
} from '../../../common/accounts';
import { API_MESSAGES } from '../../../common/apiMessages';
import { sameClientId } from '../../../common/clients';
import type { Language } from '../../../common/language';
import type { Client, SessionIdentity, User } from '../../../common/types';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { languageOr } from '../../i18n';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import { loadIdentity } from '../auth/repository';
import { checkVerificationCode, issueVerificationCode, refuseEarlyResend, secondsUntilResend } from './verificationCodes';
import { withClassVersions } from '../classroom/versions';
import { newestEmailChange, redeemedCodes } from './codesRepository';
import * as repo from './repository';

/** The signed-in user as stored now: one whose account is gone is no longer signed in (401). */
async function storedIdentity(db: Db, userId: number): Promise<SessionIdentity> {
  const identity = await loadIdentity(db, userId);
  if (!identity) throw new HttpError(401, API_MESSAGES.notSignedIn);
  return identity;
}

interface Course extends ProfileProduct {
  clientId: number;
}

async function listCourses(db: Db, userId: number): Promise<Course[]> {
  const rows = await repo.coursesOf(db, userId);
  return rows.map((r) => ({
    productId: r.productId,
    productName: r.productName,
    clientId: r.clientId,
    schoolName: r.schoolName,
    lsclientID: r.lsclientID,
    requiresExternalId: Number(r.requires) === 1,
    externalIdLabel: r.label,
    externalId: r.externalId,
  }));
}

const publicCourse = ({ clientId: _clientId, ...product }: Course): ProfileProduct => product;

/** Every course of the user: each product at each school it was added through. */
export async function listProducts(db: Db, userId: number): Promise<ProfileProduct[]> {
  return (await listCourses(db, userId)).map(publicCourse);
}

/** One course: the product at the given school, or (no school given) the product's first course. */
async function findCourse(db: Db, userId: number, productId: number, lsclientID?: string): Promise<Course> {
  const found = (await listCourses(db, userId)).find((p) => p.productId === productId && (lsclientID === undefined || sameClientId(p.lsclientID, lsclientID)));
  if (!found) throw new HttpError(404, ACCOUNT_MESSAGES.productNotFound);
  return found;
}

export async function getProduct(db: Db, userId: number, productId: number, lsclientID?: string): Promise<ProfileProduct> {
  return publicCourse(await findCourse(db, userId, productId, lsclientID));
}

export async function setExternalId(db: Db, userId: number, productId: number, externalId: string, lsclientID?: string): Promise<ProfileProduct> {
  const course = await findCourse(db, userId, productId, lsclientID);
  // a class dashboard shows the school id
  await withClassVersions(db, { studentIds: [userId] }, (trx) => repo.setCourseExternalId(trx, { userId, productId, clientId: course.clientId }, externalId.trim()));
  return getProduct(db, userId, productId, course.lsclientID);
}

export async function listRedeemedCodes(db: Db, userId: number): Promise<RedeemedAccessCode[]> {
  const rows = await redeemedCodes(db, userId);
  return rows.map((r) => ({ ...r, redeemedAt: Number(r.redeemedAt) }));
}

export async function pendingEmail(db: Db, userId: number, now: number): Promise<string | null> {
  const row = await newestEmailChange(db, userId);
  if (!row || row.consumed_at !== null || now >= Number(row.expires_at) || Number(row.attempts) >= ACCOUNT_LIMITS.verificationMaxAttempts) return null;
  return row.email;
}

export async function profileView(db: Db, userId: number, now: number): Promise<ProfileView> {
  return {
    ...(await storedIdentity(db, userId)),
    products: await listProducts(db, userId),
    pendingEmail: await pendingEmail(db, userId, now),
    rosterEmail: await repo.rosterEmailOf(db, userId),
  };
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  email: string;
  timezone: string;
}

/**
 * Names and time zone change at once; a new e-mail address only after its code is entered
 * (a code is mailed to the NEW address, 10 minutes, 5 attempts, a minute between sends).
 */
export async function updateProfile(
  db: Db,
  /** `language`: the request's, for a person who has not chosen one */
  mail: { mailer: Mailer; productName: string; language: Language },
  userId: number,
  update: ProfileUpdate,
  now: number,
): Promise<{ user: User; pendingEmail: string | null }> {
  // a class dashboard shows the names
  await withClassVersions(db, { studentIds: [userId] }, (trx) =>
    repo.setNamesAndTimezone(trx, userId, { firstName: update.firstName.trim(), lastName: update.lastName.trim(), timezone: update.timezone }),
  );
  const identity = await storedIdentity(db, userId);
  const email = update.email.trim();
  if (email.toLowerCase() !== identity.user.userEmail.toLowerCase() && email !== (await pendingEmail(db, userId, now))) {
    const owner = { purpose: 'email-change', userId } as const;
    refuseEarlyResend(await secondsUntilResend(db, owner, now));
    const { code } = await issueVerificationCode(db, owner, email, now);
    await mail.mailer.send(mailTemplates.emailChange(email, mail.productName, code, ACCOUNT_LIMITS.verificationCodeMinutes, languageOr(identity.user.language, mail.language)));
  }
  return { user: identity.user, pendingEmail: await pendingEmail(db, userId, now) };
}

/** The language the person reads Cashwise in: a class dashboard shows a student's, so their classes' rows move with it. */
export async function saveLanguage(db: Db, userId: number, language: Language): Promise<void> {
  await withClassVersions(db, { studentIds: [userId] }, (trx) => repo.setLanguage(trx, userId, language));
}

export async function confirmEmailChange(db: Db, userId: number, code: string, now: number): Promise<User> {
  if (!(await pendingEmail(db, userId, now))) throw new HttpError(409, ACCOUNT_MESSAGES.noPendingEmail);
  await checkVerificationCode(db, { userId, purpose: 'email-change' }, code, null, now, (trx, email) => repo.setEmail(trx, userId, email));
  const identity = await storedIdentity(db, userId);
  return identity.user;
}

/** The chosen school becomes position 0 (the current school); the others keep their order. */
export async function switchSchool(db: Db, userId: number, lsclientID: string): Promise<Client[]> {
  const identity = await storedIdentity(db, userId);
  const chosen = identity.clients.find((c) => sameClientId(c.lsclientID, lsclientID));
  if (!chosen) throw new HttpError(404, ACCOUNT_MESSAGES.schoolNotFound);
  const order = [chosen, ...identity.clients.filter((c) => c !== chosen)];
  const ids = await repo.schoolIds(db, order.map((c) => c.lsclientID));
  await db.transaction().execute((trx) => repo.setSchoolOrder(trx, userId, order.map((client) => ids.find((row) => row.lsclient_id === client.lsclientID)?.id)));
  return order;
}
