/**
 * Registration records: started by a class code, a school's access code or an e-mailed invitation,
 * kept on the server step by step, resumable with the record id and its key, finished by creating
 * the account (in one transaction) and starting a session.
 */
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  nextRegistrationStep,
  normaliseUserName,
  passwordProblem,
  stepReachable,
  userNameProblem,
  type RegistrationRecordView,
  type RegistrationStep,
} from '../../../common/accounts';
import type { Language } from '../../../common/language';
import type { Session } from '../../../common/types';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { retryingTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import { newSecret, sameSecret, sha256 } from '../../security/codes';
import { isCommonPassword } from '../../security/commonPasswords';
import { hashPassword } from '../../security/passwords';
import { findUserByUserName } from '../auth/repository';
import { startSession } from '../auth/sessions';
import { checkAccessCode, findAccessCode, redeemAccessCode } from './accessCodes';
import * as codes from './codesRepository';
import type { InvitationRow, RecordRow } from './codesRepository';
import { addProduct, insertUser, joinSchool, productById, schoolName, storeFirstSchoolZone, studentsMayOmitEmail } from './repository';
import { checkVerificationCode, issueVerificationCode, refuseEarlyResend, secondsUntilResend } from './verificationCodes';

const DAY = 86_400_000;

export interface Started {
  invitationId: number;
  recordId: number;
  /** the record key: only the learner's browser (and the verification mail) hold it */
  key: string;
  record: RegistrationRecordView;
}

async function createRecord(db: Db, invitation: InvitationRow, email: string | null, now: number): Promise<Started> {
  const key = newSecret();
  const recordId = await codes.insertRecord(db, {
    invitation_id: invitation.id,
    key_hash: sha256(key),
    first_name: null,
    last_name: null,
    external_id: null,
    terms_accepted_at: null,
    email,
    email_verified_at: null,
    user_name: null,
    user_id: null,
    completed_at: null,
    email_skipped_at: null,
    created_at: now,
    expires_at: now + ACCOUNT_LIMITS.registrationRecordDays * DAY,
  });
  const record = await loadRecord(db, invitation.id, recordId, key, now);
  return { invitationId: invitation.id, recordId, key, record: record.view };
}

/**
 * Whether this registration may go without an e-mail address: it was started with a class code
 * (a school's access code or an e-mailed invitation never may) of a school that allows it now.
 */
async function emailOptionalFor(db: Db, invitation: InvitationRow): Promise<boolean> {
  if (invitation.kind !== 'code' || invitation.access_code_id === null) return false;
  const code = await codes.accessCodeById(db, invitation.access_code_id);
  return code?.class_id !== null && code?.class_id !== undefined && (await studentsMayOmitEmail(db, invitation.client_id));
}

/** Entering an access code: a 'code' invitation (the /register/{id} of the URL) and its record. */
export async function startWithAccessCode(db: Db, rawCode: string, now: number): Promise<Started> {
  const code = checkAccessCode(await findAccessCode(db, rawCode), now);
  const invitation = await codes.insertInvitation(db, {
    kind: 'code',
    token_hash: null,
    email: null,
    client_id: code.client_id,
    product_id: code.product_id,
    access_code_id: code.id,
    created_at: now,
    expires_at: now + ACCOUNT_LIMITS.registrationRecordDays * DAY,
    used_at: null,
  });
  return createRecord(db, invitation, null, now);
}

/** The invitation's e-mail step: the link's token and the address it was sent to must both match. */
export async function startWithInvitation(db: Db, invitationId: number, token: string, email: string, now: number): Promise<Started> {
  const invitation = await codes.emailInvitation(db, invitationId);
  if (!invitation?.token_hash || !sameSecret(invitation.token_hash, sha256(token)) || invitation.used_at !== null || now >= Number(invitation.expires_at)) {
    throw new HttpError(404, ACCOUNT_MESSAGES.invitationInvalid);
  }
  if ((invitation.email ?? '').toLowerCase() !== email.trim().toLowerCase()) throw new HttpError(400, ACCOUNT_MESSAGES.invitationEmailMismatch);
  return createRecord(db, invitation, invitation.email, now);
}

export interface LoadedRecord {
  row: RecordRow;
  invitation: InvitationRow;
  view: RegistrationRecordView;
}

/** The record, if the id, its invitation and the key all match and it has not expired. */
export async function loadRecord(db: Db, invitationId: number, recordId: number, key: string, now: number): Promise<LoadedRecord> {
  const row = await codes.recordById(db, recordId);
  if (!row || row.invitation_id !== invitationId || !sameSecret(row.key_hash, sha256(key)) || now >= Number(row.expires_at)) {
    throw new HttpError(404, ACCOUNT_MESSAGES.recordInvalid);
  }
  const invitation = await codes.invitationById(db, row.invitation_id);
  const product = await productById(db, invitation.product_id);
  const school = await schoolName(db, invitation.client_id);
  const resendInSeconds = await secondsUntilResend(db, { purpose: 'registration', recordId: row.id }, now);
  const requiresExternalId = Number(product.requires_external_id) === 1;
  const emailOptional = await emailOptionalFor(db, invitation);
  const view: RegistrationRecordView = {
    id: row.id,
    invitationId: row.invitation_id,
    step: 'name',
    schoolName: school,
    productName: product.name,
    requiresExternalId,
    externalIdLabel: product.external_id_label,
    firstName: row.first_name,
    lastName: row.last_name,
    externalId: row.external_id,
    termsAccepted: row.terms_accepted_at !== null,
    email: row.email,
    emailLocked: invitation.kind === 'email',
    emailVerified: row.email_verified_at !== null,
    userName: row.user_name,
    resendInSeconds,
    emailOptional,
    // a choice made while the school allowed it no longer counts once the school asks for e-mail again
    emailSkipped: emailOptional && row.email_skipped_at !== null,
  };
  view.step = nextRegistrationStep({ ...view, completed: row.completed_at !== null });
  // a finished record's key may still sit in a shared computer's browser: it tells only that the
  // registration is complete, nothing about the student (the account has it now)
  if (view.step === 'done') return { row, invitation, view: { ...view, firstName: null, lastName: null, externalId: null, email: null, userName: null } };
  return { row, invitation, view };
}

function requireStep(loaded: LoadedRecord, step: RegistrationStep): void {
  if (loaded.view.step === 'done') throw new HttpError(409, ACCOUNT_MESSAGES.recordCompleted);
  if (!stepReachable(step, loaded.view.step)) throw new HttpError(409, ACCOUNT_MESSAGES.stepOutOfOrder);
}

async function update(db: Db, loaded: LoadedRecord, values: Partial<Omit<RecordRow, 'id'>>): Promise<void> {
  await codes.updateRecord(db, loaded.row.id, values);
}

export async function saveName(db: Db, loaded: LoadedRecord, firstName: string, lastName: string): Promise<void> {
  requireStep(loaded, 'name');
  await update(db, loaded, { first_name: firstName.trim(), last_name: lastName.trim() });
}

export async function saveExternalId(db: Db, loaded: LoadedRecord, externalId: string): Promise<void> {
  requireStep(loaded, 'externalid');
  await update(db, loaded, { external_id: externalId.trim() });
}

export async function acceptTerms(db: Db, loaded: LoadedRecord, now: number): Promise<void> {
  requireStep(loaded, 'terms');
  await update(db, loaded, { terms_accepted_at: now });
}

export interface MailContext {
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  /** the mail's language: the request's (the person registering has no account to hold a choice yet) */
  language: Language;
}

/** Sends a new 6-digit code (10 minutes, 5 attempts) unless the last one is under a minute old. */
export async function sendRegistrationCode(db: Db, mail: MailContext, loaded: LoadedRecord, key: string, email: string | undefined, now: number): Promise<number> {
  requireStep(loaded, 'verify');
  refuseEarlyResend(loaded.view.resendInSeconds);
  let target = loaded.row.email;
  if (!loaded.view.emailLocked && email) {
    target = email.trim();
    if (target.toLowerCase() !== (loaded.row.email ?? '').toLowerCase()) {
      await update(db, loaded, { email: target, email_verified_at: null });
    }
  }
  if (!target) throw new HttpError(400, 'Enter your e-mail address.');
  const { id, code } = await issueVerificationCode(db, { purpose: 'registration', recordId: loaded.row.id }, target, now);
  const link =
    `${mail.config.publicUrl}/register/${loaded.row.invitation_id}/record/${loaded.row.id}/verify/${id}` +
    `?code=${code}&key=${encodeURIComponent(key)}`;
  await mail.mailer.send(mailTemplates.verifyEmail(target, mail.config.productName, code, link, ACCOUNT_LIMITS.verificationCodeMinutes, mail.language));
  return id;
}

export async function verifyRegistration(db: Db, loaded: LoadedRecord, code: string, otid: number | null, now: number): Promise<void> {
  requireStep(loaded, 'verify');
  await checkVerificationCode(db, { recordId: loaded.row.id, purpose: 'registration' }, code, otid, now, (trx, email) =>
    update(trx, loaded, { email, email_verified_at: now }),
  );
}

/** The verify step's other way on: no e-mail address, where the school allows it (refused otherwise). */
export async function skipEmail(db: Db, loaded: LoadedRecord, now: number): Promise<void> {
  requireStep(loaded, 'verify');
  if (!loaded.view.emailOptional) throw new HttpError(403, ACCOUNT_MESSAGES.emailRequiredBySchool);
  await update(db, loaded, { email_skipped_at: now });
}

export async function isUserNameAvailable(db: Db, raw: string): Promise<boolean> {
  if (userNameProblem(raw)) return false;
  return !(await findUserByUserName(db, normaliseUserName(raw)));
}

export async function saveUserName(db: Db, loaded: LoadedRecord, raw: string): Promise<void> {
  requireStep(loaded, 'username');
  const problem = userNameProblem(raw);
  if (problem) throw new HttpError(400, problem);
  if (!(await isUserNameAvailable(db, raw))) throw new HttpError(409, ACCOUNT_MESSAGES.userNameTaken);
  await update(db, loaded, { user_name: normaliseUserName(raw) });
}

/** The last step: the account, its school, product and code seat in one transaction; then a session. */
export async function finishRegistration(
  db: Db,
  config: Pick<Config, 'passwordHashing' | 'tokenSecret' | 'tokenLifetimeMs' | 'sessionAbsoluteMs'>,
  loaded: LoadedRecord,
  password: string,
  appKey: string,
  now: number,
): Promise<Session> {
  requireStep(loaded, 'password');
  if (loaded.view.step !== 'password') throw new HttpError(409, ACCOUNT_MESSAGES.stepOutOfOrder);
  const { row, invitation } = loaded;
  const userName = row.user_name ?? '';
  const problem = passwordProblem(password, { userName, isCommon: isCommonPassword });
  if (problem) throw new HttpError(400, problem);
  const passwordHash = await hashPassword(password, config.passwordHashing);

  const userId = await retryingTransaction(db, async (trx) => {
    if (await findUserByUserName(trx, userName)) throw new HttpError(409, ACCOUNT_MESSAGES.userNameTaken);
    const id = await insertUser(trx, {
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
      user_name: userName,
      // only a verified address is kept: a student who chose to go without one has none
      email: row.email_verified_at !== null ? (row.email ?? '') : '',
      timezone: null,
      password_hash: passwordHash,
      created_at: now,
    });
    if (invitation.kind === 'code' && invitation.access_code_id !== null) {
      const code = await codes.accessCodeById(trx, invitation.access_code_id);
      await redeemAccessCode(trx, checkAccessCode(code, now), id, now, row.external_id);
    } else {
      await joinSchool(trx, id, invitation.client_id);
      await addProduct(trx, id, invitation.product_id, invitation.client_id, row.external_id, now);
    }
    await storeFirstSchoolZone(trx, [id]);
    await codes.markInvitationUsed(trx, invitation.id, now);
    if (!(await codes.completeRecord(trx, row.id, id, now))) throw new HttpError(409, ACCOUNT_MESSAGES.recordCompleted);
    return id;
  });
  const started = await startSession(db, config, userId, appKey, now);
  if (!started) throw new HttpError(500, 'The new account could not be signed in.');
  return started.session;
}
