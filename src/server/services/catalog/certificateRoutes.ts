/**
 * Certificates: a completed module's PDF for its learner (issued at the first download), and the
 * public check of a certificate's code.
 *   GET /certificates/modules/:slug      GET /certificates/verify/:code (public)
 */
import { formatDayOf } from '../../../common/calendarDay';
import { catalogPaths, type CertificateCheck, type CertificateFile } from '../../../common/catalog';
import { DEFAULT_TIMEZONE } from '../../../common/constants';
import { HttpError } from '../../http/errors';
import { requestLanguage } from '../../i18n';
import type { ServiceContext, ServiceRoute } from '../types';
import { renderCertificatePdf } from './certificatePdf';
import { CODE_PATTERN, newVerificationCode } from './certificates';
import { CATALOG_MESSAGES } from './messages';
import { moduleDates, progressOf } from './progress';
import * as repo from './repository';
import { findModule, learnerView, slugParam } from './routes';

async function downloadCertificate(ctx: ServiceContext): Promise<CertificateFile> {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const progress = progressOf(m, view.progress);
  if (progress.status !== 'completed') throw new HttpError(409, CATALOG_MESSAGES.notCompleted);
  const completedAt = moduleDates(m, view.progress, true).completedAt ?? ctx.clock();
  const userId = view.identity.user.id;
  // the learner's certificate of this module; the first download issues it (a race keeps the first one)
  let row = await repo.certificateOf(ctx.db, userId, m.slug);
  if (!row) {
    // the stored title is the one the public verification shows: the content's own (English)
    const englishTitle = findModule({ ...view, tree: view.englishTree }, slug).title;
    await repo.insertCertificate(ctx.db, { userId, moduleSlug: m.slug, moduleTitle: englishTitle, code: newVerificationCode(), completedAt, issuedAt: ctx.clock() });
    row = await repo.certificateOf(ctx.db, userId, m.slug);
    if (!row) throw new Error('The certificate just issued is not stored.');
  }
  const { user: u, clients } = view.identity;
  const pdf = await renderCertificatePdf({
    language: requestLanguage(ctx),
    learnerName: `${u.firstName} ${u.lastName}`.trim(),
    // in the learner's language when the module is translated
    moduleTitle: view.translation?.modules.has(m.slug) ? m.title : row.module_title,
    schoolName: clients[0]?.clientName ?? null,
    completedAt: Number(row.completed_at),
    timeZone: u.timezone || DEFAULT_TIMEZONE,
    code: row.code,
    verifyUrl: `${ctx.config.publicUrl}${catalogPaths.certificate(row.code)}`,
    productName: ctx.config.productName,
  });
  return { code: row.code, fileName: `certificate-${m.slug}.pdf`, pdfBase64: pdf.toString('base64') };
}

/**
 * Public: only first name, last initial, module and date — the day the module was completed in the
 * learner's time zone, as the PDF and the transcript name it, whoever checks it and wherever.
 */
async function verifyCertificate(ctx: ServiceContext): Promise<CertificateCheck> {
  const code = (ctx.params.code ?? '').toUpperCase();
  if (!CODE_PATTERN.test(code)) throw new HttpError(400, CATALOG_MESSAGES.badCode);
  const row = await repo.certificateByCode(ctx.db, code);
  if (!row) throw new HttpError(404, CATALOG_MESSAGES.certificateNotFound);
  const completedAt = Number(row.completed_at);
  return {
    firstName: row.first_name,
    lastInitial: row.last_name.slice(0, 1).toUpperCase(),
    moduleTitle: row.module_title,
    completedAt,
    completedOn: formatDayOf(completedAt, row.timezone || DEFAULT_TIMEZONE),
  };
}

export const certificateRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/certificates/modules/:slug', access: 'user', localized: true, handler: downloadCertificate },
  { method: 'GET', path: '/certificates/verify/:code', access: 'public', handler: verifyCertificate },
];
