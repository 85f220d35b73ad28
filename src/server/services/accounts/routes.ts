/**
 * Accounts over the proxy (OneLook service): registration steps, the user-name check, forgotten
 * and changed passwords, the profile, access codes, products and the school switch. Every route
 * validates with the shared yup schemas (src/common/accounts.ts) and counts against the rate
 * limits (src/server/security/rateLimit.ts). Handlers are thin; the work is in the files beside it.
 */
import * as yup from 'yup';
import { LANGUAGE_MESSAGES, type Language } from '../../../common/language';
import { languageSchema } from '../../../common/languageSchema';
import {
  accessCodeSchema,
  ACCOUNT_MESSAGES,
  changePasswordSchema,
  externalIdStepSchema,
  forgotPasswordSchema,
  invitationEmailSchema,
  joiningLine,
  nameStepSchema,
  passwordStepSchema,
  profileSchema,
  recordKeySchema,
  resetPasswordSchema,
  schoolSwitchSchema,
  termsStepSchema,
  userNameProblem,
  userNameStepSchema,
  verificationCodeSchema,
  verifySendSchema,
  type RegistrationRecordView,
} from '../../../common/accounts';
import { retryingTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { requestLanguage } from '../../i18n';
import { consumeRate, limitsFor, type RateAction } from '../../security/rateLimit';
import { loadIdentity } from '../auth/repository';
import { checkAccessCode, findAccessCode, previewCode, redeemAccessCode } from './accessCodes';
import { changePassword, requestPasswordReset, resetPassword, usableResetCode } from './passwords';
import {
  confirmEmailChange,
  getProduct,
  listProducts,
  listRedeemedCodes,
  profileView,
  saveLanguage,
  setExternalId,
  switchSchool,
  updateProfile,
} from './profile';
import {
  acceptTerms,
  finishRegistration,
  isUserNameAvailable,
  loadRecord,
  saveExternalId,
  type LoadedRecord,
  saveName,
  saveUserName,
  sendRegistrationCode,
  skipEmail,
  startWithAccessCode,
  startWithInvitation,
  verifyRegistration,
} from './registration';
import { clearRosterEmail } from './repository';
import { noPayload } from '../schoolAdmin/access';
import { signedInUserId } from '../signedIn';
import type { ServiceContext, ServiceRoute } from '../types';

/**
 * The forgot-password answer leaves exactly this long (real time) after the request came in,
 * whether or not a mail went out: the look-up, code and mail run meanwhile and, if slower (a slow
 * SMTP server), finish after the answer, so the time never tells whether the account exists.
 */
export const FORGOT_MIN_MS = 400;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

const rate = (ctx: ServiceContext, action: RateAction, account?: string | number | null) =>
  consumeRate(ctx.db, limitsFor(action, ctx.ip, account), ctx.clock());

function numericParam(ctx: ServiceContext, name: string, message: string): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, message);
  return Number(raw);
}

/** The `school` query value (an lsclientID) naming which school's course of a product is meant. */
function schoolParam(ctx: ServiceContext): string | undefined {
  const school = ctx.query.school;
  return typeof school === 'string' && school !== '' ? school : undefined;
}

/** Every record call names /registration/:id/records/:rid and carries the record key. */
const withKey = <T extends yup.AnyObject>(schema: yup.ObjectSchema<T>) => schema.shape({ key: recordKeySchema }).noUnknown();

interface RecordCall {
  loaded: LoadedRecord;
  invitationId: number;
  recordId: number;
  key: string;
}

async function recordOf(ctx: ServiceContext): Promise<RecordCall> {
  const invitationId = numericParam(ctx, 'id', ACCOUNT_MESSAGES.recordInvalid);
  const recordId = numericParam(ctx, 'rid', ACCOUNT_MESSAGES.recordInvalid);
  const { key } = ctx.payload as { key: string };
  return { loaded: await loadRecord(ctx.db, invitationId, recordId, key, ctx.clock()), invitationId, recordId, key };
}

/** The record as it is after a step: loaded again, so the answer shows the next step. */
async function viewAfter(ctx: ServiceContext, { invitationId, recordId, key }: RecordCall) {
  return (await loadRecord(ctx.db, invitationId, recordId, key, ctx.clock())).view;
}

/** A registration step's handler: the record (by its id and key), the step's work, then the record as it is now. */
const recordStep =
  (work: (ctx: ServiceContext, record: RecordCall) => Promise<void>) =>
  async (ctx: ServiceContext): Promise<RegistrationRecordView> => {
    const record = await recordOf(ctx);
    await work(ctx, record);
    return viewAfter(ctx, record);
  };

const R = '/registration/:id/records/:rid';

export const accountsRoutes: readonly ServiceRoute[] = [
  // ─── registration ───
  {
    method: 'POST',
    path: '/registration/code',
    access: 'public',
    payloadSchema: accessCodeSchema.noUnknown(),
    handler: async (ctx) => {
      const { code } = ctx.payload as { code: string };
      await rate(ctx, 'codeEntry');
      return startWithAccessCode(ctx.db, code, ctx.clock());
    },
  },
  {
    // what a code leads to, before the student commits (rate limited as entering a code is)
    method: 'POST',
    path: '/registration/code/preview',
    access: 'public',
    payloadSchema: accessCodeSchema.noUnknown(),
    handler: async (ctx) => {
      const { code } = ctx.payload as { code: string };
      await rate(ctx, 'codeEntry');
      return previewCode(ctx.db, checkAccessCode(await findAccessCode(ctx.db, code), ctx.clock()));
    },
  },
  {
    method: 'POST',
    path: '/registration/invitations/:id',
    access: 'public',
    payloadSchema: invitationEmailSchema.noUnknown(),
    handler: async (ctx) => {
      const id = numericParam(ctx, 'id', ACCOUNT_MESSAGES.invitationInvalid);
      const { email, token } = ctx.payload as { email: string; token: string };
      await rate(ctx, 'invitation', id);
      return startWithInvitation(ctx.db, id, token, email, ctx.clock());
    },
  },
  {
    method: 'POST',
    path: R,
    access: 'public',
    payloadSchema: withKey(yup.object({})),
    handler: async (ctx) => (await recordOf(ctx)).loaded.view,
  },
  {
    method: 'PUT',
    path: `${R}/name`,
    access: 'public',
    payloadSchema: withKey(nameStepSchema),
    handler: recordStep(async (ctx, { loaded }) => {
      const { firstName, lastName } = ctx.payload as { firstName: string; lastName: string };
      await saveName(ctx.db, loaded, firstName, lastName);
    }),
  },
  {
    method: 'PUT',
    path: `${R}/externalid`,
    access: 'public',
    payloadSchema: withKey(externalIdStepSchema),
    handler: recordStep((ctx, { loaded }) => saveExternalId(ctx.db, loaded, (ctx.payload as { externalId: string }).externalId)),
  },
  {
    method: 'PUT',
    path: `${R}/terms`,
    access: 'public',
    payloadSchema: withKey(termsStepSchema),
    handler: recordStep((ctx, { loaded }) => acceptTerms(ctx.db, loaded, ctx.clock())),
  },
  {
    method: 'POST',
    path: `${R}/verify/send`,
    access: 'public',
    payloadSchema: withKey(verifySendSchema),
    handler: async (ctx) => {
      const record = await recordOf(ctx);
      await rate(ctx, 'verifySend', `record:${record.recordId}`);
      const { email } = ctx.payload as { email?: string };
      const otid = await sendRegistrationCode(ctx.db, { mailer: ctx.mailer, config: ctx.config, language: requestLanguage(ctx) }, record.loaded, record.key, email, ctx.clock());
      return { otid, message: ACCOUNT_MESSAGES.verificationSent, record: await viewAfter(ctx, record) };
    },
  },
  {
    // no e-mail address: only where the school allows it for its class codes (skipEmail checks)
    method: 'POST',
    path: `${R}/verify/skip`,
    access: 'public',
    payloadSchema: withKey(yup.object({})),
    handler: recordStep((ctx, { loaded }) => skipEmail(ctx.db, loaded, ctx.clock())),
  },
  {
    method: 'POST',
    path: `${R}/verify`,
    access: 'public',
    payloadSchema: withKey(verificationCodeSchema.shape({ otid: yup.number().integer().min(1).max(999_999_999).optional() })),
    handler: recordStep(async (ctx, { loaded, recordId }) => {
      await rate(ctx, 'verifyCheck', `record:${recordId}`);
      const { code, otid } = ctx.payload as { code: string; otid?: number };
      await verifyRegistration(ctx.db, loaded, code, otid ?? null, ctx.clock());
    }),
  },
  {
    // the one answer that tells whether a user name exists: rate limited per IP
    method: 'POST',
    path: '/registration/usernames/available',
    access: 'public',
    payloadSchema: yup.object({ userName: yup.string().required().max(100) }).noUnknown(),
    handler: async (ctx) => {
      const { userName } = ctx.payload as { userName: string };
      await rate(ctx, 'userNameCheck');
      const problem = userNameProblem(userName);
      if (problem) return { available: false, message: problem };
      const available = await isUserNameAvailable(ctx.db, userName);
      return available ? { available } : { available, message: ACCOUNT_MESSAGES.userNameTaken };
    },
  },
  {
    method: 'PUT',
    path: `${R}/username`,
    access: 'public',
    payloadSchema: withKey(userNameStepSchema),
    handler: recordStep(async (ctx, { loaded }) => {
      await rate(ctx, 'userNameCheck');
      await saveUserName(ctx.db, loaded, (ctx.payload as { userName: string }).userName);
    }),
  },
  {
    method: 'POST',
    path: `${R}/password`,
    access: 'public',
    payloadSchema: withKey(passwordStepSchema),
    handler: async (ctx) => {
      const { loaded, recordId } = await recordOf(ctx);
      await rate(ctx, 'signUp', `record:${recordId}`);
      const session = await finishRegistration(ctx.db, ctx.config, loaded, (ctx.payload as { password: string }).password, ctx.appKey, ctx.clock());
      ctx.log.info({ userId: session.user.id }, 'registered');
      return { body: session };
    },
  },

  // ─── passwords ───
  {
    method: 'POST',
    path: '/password/forgot',
    access: 'public',
    payloadSchema: forgotPasswordSchema.noUnknown(),
    handler: async (ctx) => {
      const started = performance.now();
      const { login } = ctx.payload as { login: string };
      await rate(ctx, 'forgot', login.trim().toLowerCase());
      const work = requestPasswordReset({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, now: ctx.clock(), language: requestLanguage(ctx) }, login).catch((error: unknown) => {
        // the answer must not differ: a mail failure is logged, never shown
        ctx.log.error({ err: error }, 'password reset mail failed');
      });
      // wait for the work only until the fixed answer time, then answer regardless
      const until = () => FORGOT_MIN_MS - (performance.now() - started);
      await Promise.race([work, delay(until())]);
      await delay(until());
      return { message: ACCOUNT_MESSAGES.forgotAnswer };
    },
  },
  {
    method: 'POST',
    path: '/password/reset/check',
    access: 'public',
    payloadSchema: yup.object({ code: yup.string().trim().required().max(200) }).noUnknown(),
    handler: async (ctx) => {
      await rate(ctx, 'reset');
      await usableResetCode(ctx.db, (ctx.payload as { code: string }).code, ctx.clock());
      return { valid: true };
    },
  },
  {
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    payloadSchema: resetPasswordSchema.noUnknown(),
    handler: async (ctx) => {
      const { code, password } = ctx.payload as { code: string; password: string };
      await rate(ctx, 'reset');
      await resetPassword(ctx.db, ctx.config, code, password, ctx.clock());
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  },
  {
    method: 'PUT',
    path: '/me/password',
    access: 'user',
    // the one route a temporary password's session may call: the way out of it
    whileTemporaryPassword: true,
    payloadSchema: changePasswordSchema.noUnknown(),
    handler: async (ctx) => {
      const id = signedInUserId(ctx);
      await rate(ctx, 'changePassword', id);
      const { currentPassword, newPassword } = ctx.payload as { currentPassword: string; newPassword: string };
      const { noticeSent } = await changePassword({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, now: ctx.clock(), language: requestLanguage(ctx) }, id, ctx.sessionId, currentPassword, newPassword);
      if (!noticeSent) ctx.log.warn({ userId: id }, 'the password changed, but its notice mail could not be sent');
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  },

  // ─── profile ───
  {
    method: 'GET',
    path: '/me/profile',
    access: 'user',
    handler: async (ctx) => profileView(ctx.db, signedInUserId(ctx), ctx.clock()),
  },
  {
    method: 'PUT',
    path: '/me/profile',
    access: 'user',
    payloadSchema: profileSchema.noUnknown(),
    handler: async (ctx) => {
      const id = signedInUserId(ctx);
      const update = ctx.payload as { firstName: string; lastName: string; email: string; timezone: string };
      if (update.email.trim().toLowerCase() !== ctx.identity?.user.userEmail.toLowerCase()) await rate(ctx, 'verifySend', `user:${id}`);
      const result = await updateProfile(ctx.db, { mailer: ctx.mailer, productName: ctx.config.productName, language: requestLanguage(ctx) }, id, update, ctx.clock());
      return { ...result, message: result.pendingEmail ? ACCOUNT_MESSAGES.emailChangeSent : ACCOUNT_MESSAGES.profileSaved };
    },
  },
  {
    // the language follows the person: saved here, answered with the session's user from then on
    method: 'PUT',
    path: '/me/language',
    access: 'user',
    payloadSchema: languageSchema.noUnknown(),
    handler: async (ctx) => {
      const { language } = ctx.payload as { language: Language };
      await saveLanguage(ctx.db, signedInUserId(ctx), language);
      return { language, message: LANGUAGE_MESSAGES.languageSaved };
    },
  },
  {
    method: 'POST',
    path: '/me/email/verify',
    access: 'user',
    payloadSchema: verificationCodeSchema.noUnknown(),
    handler: async (ctx) => {
      const id = signedInUserId(ctx);
      await rate(ctx, 'verifyCheck', `user:${id}`);
      const user = await confirmEmailChange(ctx.db, id, (ctx.payload as { code: string }).code, ctx.clock());
      return { user, message: ACCOUNT_MESSAGES.emailChanged };
    },
  },
  {
    // "not mine": the address the school's roster lists is no longer offered (the account's stays)
    method: 'DELETE',
    path: '/me/roster-email',
    access: 'user',
    payloadSchema: noPayload,
    handler: async (ctx) => {
      await clearRosterEmail(ctx.db, signedInUserId(ctx));
      return { message: ACCOUNT_MESSAGES.rosterEmailDismissed };
    },
  },
  {
    method: 'GET',
    path: '/me/access-codes',
    access: 'user',
    handler: async (ctx) => listRedeemedCodes(ctx.db, signedInUserId(ctx)),
  },
  {
    method: 'POST',
    path: '/me/access-codes',
    access: 'user',
    payloadSchema: accessCodeSchema.noUnknown(),
    handler: async (ctx) => {
      const id = signedInUserId(ctx);
      await rate(ctx, 'codeEntry', `user:${id}`);
      const now = ctx.clock();
      const code = checkAccessCode(await findAccessCode(ctx.db, (ctx.payload as { code: string }).code), now);
      const joinedClass = await retryingTransaction(ctx.db, (trx) => redeemAccessCode(trx, code, id, now));
      const identity = await loadIdentity(ctx.db, id);
      const joined = await previewCode(ctx.db, code);
      return {
        // a class code names the class, its teachers and the school; a school's access code the course
        message: joinedClass ? ACCOUNT_MESSAGES.classJoined(joiningLine(joined)) : ACCOUNT_MESSAGES.accessCodeAdded(joined.schoolName, joined.productName),
        clients: identity?.clients ?? [],
        products: await listProducts(ctx.db, id),
        // a class code also put the learner in the class
        ...(joinedClass ? { joinedClass: { ...joinedClass, teachers: joined.teachers } } : {}),
      };
    },
  },
  {
    method: 'GET',
    path: '/me/products/:productId',
    access: 'user',
    handler: async (ctx) => getProduct(ctx.db, signedInUserId(ctx), numericParam(ctx, 'productId', ACCOUNT_MESSAGES.productNotFound), schoolParam(ctx)),
  },
  {
    method: 'PUT',
    path: '/me/products/:productId/external-id',
    access: 'user',
    payloadSchema: externalIdStepSchema.noUnknown(),
    handler: async (ctx) =>
      setExternalId(
        ctx.db,
        signedInUserId(ctx),
        numericParam(ctx, 'productId', ACCOUNT_MESSAGES.productNotFound),
        (ctx.payload as { externalId: string }).externalId,
        schoolParam(ctx),
      ),
  },
  {
    method: 'PUT',
    path: '/me/schools/current',
    access: 'user',
    payloadSchema: schoolSwitchSchema.noUnknown(),
    handler: async (ctx) => {
      const id = signedInUserId(ctx);
      const clients = await switchSchool(ctx.db, id, (ctx.payload as { lsclientID: string }).lsclientID);
      // permissions granted at a school (TEACHER, SCHOOLADMIN) hold only while it is the current one
      return { clients, permissions: (await loadIdentity(ctx.db, id))?.permissions ?? [] };
    },
  },
];
