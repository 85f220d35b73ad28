/**
 * The catalog's calls of the service proxy (server: src/server/services/catalog/routes.ts), each
 * typed with its answer. `catalogReads` are what the pages show, one entry per kind of content;
 * `catalogChanges` are what the learner does. Only this file and the sagas know a service path.
 */
import type { ServiceCall } from '../../api/serviceCall';
import type {
  Bookmark,
  BookmarkKind,
  CatalogModuleCard,
  CertificateCheck,
  CertificateFile,
  MaterialDetail,
  ModuleDetail,
  ModuleTestKind,
  ModuleTestResult,
  ModuleTestView,
  ProgressSummary,
  ReviewAnswer,
  ReviewResult,
  ReviewView,
  SectionDetail,
  TranscriptRow,
} from '../../../common/catalog';
import type { GlossaryEntry } from '../../../common/knowledgeBase';
import { guideApi, type PacketFile, type TeacherAnswerKey, type TeacherGuide } from '../../../common/teacherGuide';

const modulePath = (m: string) => `/catalog/modules/${m}`;
const materialPath = (m: string, mat: string) => `${modulePath(m)}/materials/${mat}`;
const sectionPath = (m: string, mat: string, s: string) => `${materialPath(m, mat)}/sections/${s}`;
const reviewPath = (m: string, mat: string) => `${materialPath(m, mat)}/review`;
const moduleTestPath = (m: string, kind: ModuleTestKind) => `${modulePath(m)}/${kind}`;

const read = <Answer>(path: string): ServiceCall<Answer> => ({ path });
/** A PDF the server makes on request takes longer than a read. */
const FILE_TIMEOUT_MS = 30_000;

export const catalogReads = {
  catalog: () => read<CatalogModuleCard[]>('/catalog'),
  module: (slug: string) => read<ModuleDetail>(modulePath(slug)),
  material: (slug: string, mslug: string) => read<MaterialDetail>(materialPath(slug, mslug)),
  section: (slug: string, mslug: string, sslug: string) => read<SectionDetail>(sectionPath(slug, mslug, sslug)),
  review: (slug: string, mslug: string) => read<ReviewView>(reviewPath(slug, mslug)),
  moduleTest: (slug: string, kind: ModuleTestKind) => read<ModuleTestView>(moduleTestPath(slug, kind)),
  summary: () => read<ProgressSummary>('/progress/summary'),
  transcript: () => read<TranscriptRow[]>('/transcripts'),
  bookmarks: () => read<Bookmark[]>('/bookmarks'),
  guide: (slug: string) => read<TeacherGuide>(guideApi.guide(slug)),
  answerKey: (slug: string) => read<TeacherAnswerKey>(guideApi.answerKey(slug)),
  certificateCheck: (code: string) => read<CertificateCheck>(`/certificates/verify/${encodeURIComponent(code)}`),
  glossary: () => read<{ entries: GlossaryEntry[] }>('/kb/glossary'),
};

export type ReadKind = keyof typeof catalogReads;
export type ReadArgs<K extends ReadKind> = Parameters<(typeof catalogReads)[K]>;
export type AnswerOf<K extends ReadKind> = ReturnType<(typeof catalogReads)[K]> extends ServiceCall<infer Answer> ? Answer : never;
/** One piece of content a page shows: its kind and the arguments that name it. */
export type ContentRead = { [K in ReadKind]: { readonly kind: K; readonly args: Readonly<ReadArgs<K>> } }[ReadKind];

/** The content `path` is the answer to, for an answer the page was rendered with (renderAhead/pageData.ts). */
export function readOfPath(path: string): ContentRead | null {
  if (path === '/catalog') return { kind: 'catalog', args: [] };
  const [, slug, mslug, sslug] = /^\/catalog\/modules\/([^/]+)(?:\/materials\/([^/]+)(?:\/sections\/([^/]+))?)?$/.exec(path) ?? [];
  if (!slug) return null;
  if (!mslug) return { kind: 'module', args: [slug] };
  return sslug ? { kind: 'section', args: [slug, mslug, sslug] } : { kind: 'material', args: [slug, mslug] };
}

export type Answers = Record<string, ReviewAnswer>;

export const catalogChanges = {
  completeSection: (slug: string, mslug: string, sslug: string): ServiceCall<{ completed: boolean }> => ({
    method: 'POST',
    path: `${sectionPath(slug, mslug, sslug)}/complete`,
  }),
  /** keepalive: sent as the tab is hidden, reloaded or closed, it must still arrive (useReadingTime) */
  reportTime: (slug: string, mslug: string, sslug: string, seconds: number): ServiceCall<{ seconds: number }> => ({
    method: 'POST',
    path: `${sectionPath(slug, mslug, sslug)}/time`,
    payload: { seconds },
    keepalive: true,
  }),
  submitReview: (slug: string, mslug: string, serving: string, answers: Answers): ServiceCall<ReviewResult> => ({
    method: 'POST',
    path: `${reviewPath(slug, mslug)}/attempts`,
    payload: { serving, answers },
  }),
  submitModuleTest: (slug: string, kind: ModuleTestKind, serving: string, answers: Answers): ServiceCall<ModuleTestResult> => ({
    method: 'POST',
    path: `${moduleTestPath(slug, kind)}/attempts`,
    payload: { serving, answers },
  }),
  addBookmark: (kind: BookmarkKind, target: string): ServiceCall<Bookmark> => ({ method: 'POST', path: '/bookmarks', payload: { kind, target } }),
  removeBookmark: (id: number): ServiceCall<void> => ({ method: 'DELETE', path: `/bookmarks/${id}` }),
  certificate: (slug: string): ServiceCall<CertificateFile> => ({ path: `/certificates/modules/${slug}`, timeout: FILE_TIMEOUT_MS }),
  packet: (slug: string): ServiceCall<PacketFile> => ({ path: guideApi.packet(slug), timeout: FILE_TIMEOUT_MS }),
};
