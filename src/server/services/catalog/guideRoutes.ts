/**
 * Teacher guides (staff only): a module's guide, the answer key of its review banks and module
 * tests, and the student packet PDF (docs/content-format.md "Teacher guides").
 *   GET /catalog/modules/:slug/guide | /answer-key | /packet
 */
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION, hasPermission } from '../../../common/permissions';
import type { PacketFile, TeacherAnswerKey, TeacherGuide } from '../../../common/teacherGuide';
import { HttpError } from '../../http/errors';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext, ServiceRoute } from '../types';
import { CATALOG_MESSAGES } from './messages';
import { renderPacketPdf } from './packetPdf';
import * as repo from './repository';
import type { TreeModule } from './repository';
import { slugParam } from './routes';
import { answerKeyOf, buildGuide, parseStoredGuide } from './teacherGuide';

/**
 * The module a guide route names, for a teacher or school administrator at the current school
 * (GADMINSUPERUSER passes too): the guide is content, the same for every school, but its answer key
 * gives every review away, so a student hears 403 whatever the module. Unknown module: 404.
 */
async function guideModule(ctx: ServiceContext): Promise<TreeModule> {
  const identity = signedInIdentity(ctx);
  if (![TEACHER_PERMISSION, SCHOOLADMIN_PERMISSION].some((p) => hasPermission(identity.permissions, p))) throw new HttpError(403, CATALOG_MESSAGES.guideStaffOnly);
  const slug = slugParam(ctx, 'slug', 'module');
  const school = await repo.schoolCatalog(ctx.db, identity.clients[0]?.lsclientID);
  const found = (await repo.loadTree(ctx.db, school.slugs, school.contentVersion)).find((m) => m.slug === slug);
  if (!found) throw new HttpError(404, CATALOG_MESSAGES.guideModuleNotFound(slug));
  return found;
}

async function getGuide(ctx: ServiceContext): Promise<TeacherGuide> {
  const m = await guideModule(ctx);
  const row = await repo.moduleGuide(ctx.db, m.id);
  return buildGuide(m, JSON.parse(row.objectives) as string[], parseStoredGuide(row.guide));
}

async function getAnswerKey(ctx: ServiceContext): Promise<TeacherAnswerKey> {
  const m = await guideModule(ctx);
  const bank = await repo.bankOf(
    ctx.db,
    m.materials.flatMap((mat) => (mat.review ? [mat.review.id] : [])),
  );
  return answerKeyOf(m, bank);
}

async function downloadPacket(ctx: ServiceContext): Promise<PacketFile> {
  const m = await guideModule(ctx);
  const [row, bodies] = await Promise.all([repo.moduleGuide(ctx.db, m.id), repo.sectionBodiesOf(ctx.db, m.materials.map((mat) => mat.id))]);
  const guide = buildGuide(m, [], parseStoredGuide(row.guide));
  const html = new Map(bodies.map((b) => [`${b.material_id}/${b.slug}`, b.body_html]));
  const pdf = await renderPacketPdf({
    moduleTitle: m.title,
    productName: ctx.config.productName,
    materials: m.materials.map((mat) => ({ title: mat.title, sections: mat.sections.map((s) => ({ title: s.title, html: html.get(`${mat.id}/${s.slug}`) ?? '' })) })),
    worksheets: guide.worksheets,
  });
  return { fileName: `student-packet-${m.slug}.pdf`, pdfBase64: pdf.toString('base64') };
}

const M = '/catalog/modules/:slug';

export const guideRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: `${M}/guide`, access: 'user', handler: getGuide },
  { method: 'GET', path: `${M}/answer-key`, access: 'user', handler: getAnswerKey },
  { method: 'GET', path: `${M}/packet`, access: 'user', handler: downloadPacket },
];
