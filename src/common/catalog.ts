/**
 * The catalog's shared vocabulary: content limits from docs/content-format.md, the fixed
 * module and knowledge-base slugs, the API contract types, and the pure progress rules.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

export const CONTENT_LIMITS = {
  titleMax: 80,
  summaryMax: 300,
  objectivesMin: 3,
  objectivesMax: 6,
  sectionsMin: 3,
  questionsMin: 5,
  choicesMin: 2,
  choicesMax: 5,
  sectionWordsMin: 250,
  sectionWordsMax: 600,
  /** review titles are "Review: " + a material title */
  reviewTitleMax: 100,
  promptMax: 500,
  choiceMax: 200,
  explanationMax: 1000,
} as const;

/** Time a single "time spent" report may add, in seconds (bounded so a stuck tab cannot inflate it). */
export const MAX_TIME_REPORT_SECONDS = 600;

/** Modules (slugs and order are fixed by docs/content-format.md). */
export const MODULE_SLUGS = [
  'budgeting',
  'banking-and-payments',
  'earning-income',
  'saving-and-investing',
  'credit-and-debt',
  'protecting-yourself',
  // the semester's modules (orders 7-13, docs/content-format.md)
  'careers-and-income',
  'taxes',
  'housing',
  'cars-and-transportation',
  'consumer-skills',
  'paying-for-college',
  'investing-beyond-the-basics',
] as const;

/** Knowledge-base topics and articles (slugs fixed so content can link to them before they exist). */
export const KB_ARTICLES: Readonly<Record<string, readonly string[]>> = {
  'budgeting-and-spending': ['what-is-a-budget', '50-30-20-rule', 'needs-vs-wants', 'emergency-fund', 'fixed-vs-variable-expenses', 'sinking-funds'],
  banking: ['checking-account', 'savings-account', 'overdraft', 'debit-vs-credit-cards', 'mobile-banking-and-payment-apps', 'fdic-insurance',
    'certificate-of-deposit', 'apr-vs-apy', 'money-market-account'],
  'income-and-taxes': ['gross-vs-net-pay', 'w-4-form', 'reading-a-pay-stub', 'income-tax-basics', 'w-2-form', 'side-gigs-and-1099',
    'filing-status', 'tax-credits-vs-deductions', 'marginal-tax-rate'],
  'saving-and-investing': ['compound-interest', 'simple-interest', 'index-fund', 'stocks-and-bonds', 'roth-ira', 'risk-and-diversification', '401k-plan',
    'etf', 'expense-ratio', 'asset-allocation', 'dollar-cost-averaging', '401k-and-employer-match', 'capital-gains', 'bull-and-bear-markets'],
  'credit-and-debt': ['apr', 'credit-score', 'credit-report', 'minimum-payment', 'student-loans', 'buy-now-pay-later', 'mortgage',
    'secured-credit-card', 'debt-avalanche-and-snowball', 'credit-utilization'],
  'college-and-career': ['fafsa', 'scholarships-and-grants', 'cost-of-attendance', '529-plan', 'net-price', 'work-study', 'subsidized-vs-unsubsidized-loans', 'apprenticeships'],
  insurance: ['renters-insurance', 'car-insurance', 'health-insurance', 'deductible-and-premium', 'liability-coverage'],
  'fraud-and-identity': ['identity-theft', 'phishing-scams', 'strong-passwords-and-2fa', 'credit-freeze',
    'investment-scams'],
  careers: ['choosing-a-career', 'resume-and-interview', 'employee-benefits', 'negotiating-pay'],
  'housing-and-transportation': ['security-deposit', 'reading-a-lease', 'mortgage-basics', 'rent-vs-buy', 'auto-loan', 'total-cost-of-car-ownership'],
  'consumer-skills': ['contracts-and-cancellation', 'free-trials-and-subscriptions', 'disputing-a-charge', 'warranties-and-returns'],
};

/** "<topic>/<article>" of a known knowledge-base article. */
export function isKnownArticleKey(key: string): boolean {
  const [topic, article, ...rest] = key.split('/');
  return rest.length === 0 && topic !== undefined && article !== undefined && (KB_ARTICLES[topic]?.includes(article) ?? false);
}

export const KB_PATH_PREFIX = '/app/resources/knowledge-base/';

export const BOOKMARK_KINDS = ['section', 'material', 'article'] as const;
export type BookmarkKind = (typeof BOOKMARK_KINDS)[number];

/** single choice, multiple select, numeric (typed, with a tolerance), true/false (common/reviewQuestions.ts) */
export type QuestionType = 'multiple-choice' | 'multiple-select' | 'numeric' | 'true-false';

// ---------------------------------------------------------------- API contract

export interface ModuleProgress {
  sectionsTotal: number;
  sectionsCompleted: number;
  reviewsTotal: number;
  reviewsPassed: number;
  percent: number;
  status: ProgressStatus;
}

export interface CatalogModuleCard {
  slug: string;
  title: string;
  order: number;
  summary: string;
  estimatedMinutes: number;
  progress: ModuleProgress;
  /** where "Continue" goes for this module */
  continuePath: string;
}

export interface SectionSummary {
  slug: string;
  title: string;
  order: number;
  estimatedMinutes: number;
  completed: boolean;
}

export interface ReviewSummary {
  title: string;
  questionCount: number;
  passingScore: number;
  bestScore: number | null;
  passed: boolean;
  attempts: number;
}

export interface MaterialSummary {
  slug: string;
  title: string;
  order: number;
  summary: string;
  sections: SectionSummary[];
  review: ReviewSummary;
  percent: number;
}

export interface ModuleDetail {
  slug: string;
  title: string;
  order: number;
  summary: string;
  objectives: string[];
  estimatedMinutes: number;
  overviewHtml: string;
  materials: MaterialSummary[];
  progress: ModuleProgress;
  continuePath: string;
  /** the module's pre-test and post-test (the server always sends them) */
  tests?: ModuleTestStatus[];
}

export interface MaterialDetail extends MaterialSummary {
  moduleSlug: string;
  moduleTitle: string;
  introHtml: string;
  bookmarked: boolean;
}

export interface SectionLink {
  slug: string;
  title: string;
}

/** A knowledge-base article a page links to: its "<topic>/<article>" key, title and page. */
export interface ArticleLink {
  key: string;
  title: string;
  path: string;
}

export interface SectionDetail {
  moduleSlug: string;
  moduleTitle: string;
  materialSlug: string;
  materialTitle: string;
  slug: string;
  title: string;
  order: number;
  estimatedMinutes: number;
  /** the section's "Learn more" knowledge-base articles, by their titles */
  kbArticles: ArticleLink[];
  bodyHtml: string;
  completed: boolean;
  bookmarked: boolean;
  previous: SectionLink | null;
  next: SectionLink | null;
}

export interface ReviewQuestionView {
  id: number;
  type: QuestionType;
  prompt: string;
  /** single choice and multiple select; true/false questions answer true or false, numeric ones a typed number */
  choices: string[] | null;
  /** numeric only: what the number counts, shown by the answer box ("dollars", "percent", "months") */
  unit?: string | null;
}

/** A teacher's limit on a review's attempts (set by an assignment), and who can grant more. */
export interface ReviewAttemptLimit {
  allowed: number;
  /** the class whose assignment set the limit */
  className: string;
  /** the teacher to ask for another attempt, by name (null: the class has no teacher left) */
  teacher: string | null;
}

/** What a student out of attempts reads, before any answering and if they submit anyway. */
export function attemptsUsedMessage(limit: ReviewAttemptLimit): string {
  const used = limit.allowed === 1 ? 'the 1 attempt' : `all ${limit.allowed} attempts`;
  return `You have used ${used} your teacher set for this review (${limit.className}). Ask ${limit.teacher ?? 'your teacher'} for another attempt.`;
}

export interface ReviewView {
  /**
   * This opening of the review: its choices are in an order drawn for it, which the server keeps
   * under this id; the answers name it and give positions in this order. Null when no attempt is
   * left: there is nothing to answer.
   */
  serving: string | null;
  moduleSlug: string;
  moduleTitle: string;
  materialSlug: string;
  materialTitle: string;
  title: string;
  passingScore: number;
  /** empty when no attempt is left (attempts made reached the limit) */
  questions: ReviewQuestionView[];
  bestScore: number | null;
  /** attempts made */
  attempts: number;
  /** the limit a teacher's assignment sets, null when none applies */
  attemptLimit: ReviewAttemptLimit | null;
}

/**
 * An answer: a position (single choice), positions (multiple select), true/false, or for a numeric
 * question the number or the text typed ("$1,234.50").
 */
export type ReviewAnswer = number | boolean | number[] | string;

/** The section a review question tests: what a student who missed it reads again. */
export interface QuestionSection {
  slug: string;
  title: string;
  /** the section's page (catalogPaths.section) */
  path: string;
}

export interface QuestionResult {
  id: number;
  correct: boolean;
  /** the student's answer: position(s) in this attempt's choice order, true/false, or the number read from what was typed */
  given: ReviewAnswer | null;
  /** the right answer (same order) — only once the review is passed, null before */
  correctAnswer: ReviewAnswer | null;
  /** why — only once the review is passed, null before */
  explanation: string | null;
  /** the section the question tests (null or absent when the content names none) */
  section?: QuestionSection | null;
}

export interface ReviewResult {
  /** the questions as this attempt showed them (its choice order), so the results read as answered */
  questions: ReviewQuestionView[];
  /** true once the review is passed: the results carry the right answers and explanations */
  answersShown: boolean;
  score: number;
  passed: boolean;
  passingScore: number;
  correctCount: number;
  questionCount: number;
  results: QuestionResult[];
  bestScore: number;
  attempts: number;
}

/** A module's two short tests on the same standards, drawn from its reviews' banks: a baseline and a measure. */
export const MODULE_TEST_KINDS = ['pre-test', 'post-test'] as const;
export type ModuleTestKind = (typeof MODULE_TEST_KINDS)[number];

/** Where a student stands with one of a module's tests (on the module page). */
export interface ModuleTestStatus {
  kind: ModuleTestKind;
  questionCount: number;
  /** the score, once taken (each is taken once) */
  score: number | null;
  takenAt: number | null;
  /** why it cannot be taken now (null: it can, or it was taken) */
  locked: string | null;
}

export interface ModuleTestView extends ModuleTestStatus {
  moduleSlug: string;
  moduleTitle: string;
  /** "Pre-test: <module title>" */
  title: string;
  /** this opening (null once taken or while locked): answers name it, as a review's do */
  serving: string | null;
  /** empty once taken or while locked */
  questions: ReviewQuestionView[];
}

export interface ModuleTestResult {
  kind: ModuleTestKind;
  score: number;
  correctCount: number;
  questionCount: number;
  /** the questions as this opening showed them */
  questions: ReviewQuestionView[];
  /** with the right answers and the explanations: a test is taken once, so it teaches */
  results: QuestionResult[];
  preTestScore: number | null;
  postTestScore: number | null;
}

export interface ContinueTarget {
  moduleSlug: string;
  moduleTitle: string;
  /** the next step's title; the module's own title when the module is not started */
  label: string;
  path: string;
  /** false: nothing of this module is done yet (the home page says "Start here", not "Continue") */
  started: boolean;
}

export interface ProgressSummary {
  overallPercent: number;
  modulesTotal: number;
  modulesCompleted: number;
  continueAt: ContinueTarget | null;
  /** the learner has done something in the catalog (a section, a review, time on a page) */
  started: boolean;
}

export interface TranscriptRow {
  moduleSlug: string;
  moduleTitle: string;
  order: number;
  status: ProgressStatus;
  percent: number;
  startedAt: number | null;
  completedAt: number | null;
  /** best score of each review, "material title: score" */
  bestScores: { materialTitle: string; bestScore: number | null }[];
  /** average of the best review scores (null before any attempt) */
  averageBestScore: number | null;
  /** the module's pre-test and post-test scores (null until taken): learning gain for a teacher (added later: optional for older readers) */
  preTestScore?: number | null;
  postTestScore?: number | null;
  timeSpentSeconds: number;
}

export interface Bookmark {
  id: number;
  kind: BookmarkKind;
  target: string;
  title: string;
  path: string;
  createdAt: number;
}

export interface CertificateFile {
  code: string;
  fileName: string;
  /** the PDF, base64 (the proxy carries JSON) */
  pdfBase64: string;
}

export interface CertificateCheck {
  firstName: string;
  lastInitial: string;
  moduleTitle: string;
  completedAt: number;
  /** the day of completedAt in the learner's time zone, mm/dd/yy, as the PDF prints it */
  completedOn: string;
}

// ---------------------------------------------------------------- pure progress rules

export type ProgressStatus = 'not-started' | 'in-progress' | 'completed';

export const STATUS_LABELS: Record<ProgressStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
};

/** A whole percentage, rounded down so 100% means really everything; 0 when there is nothing. */
export function percentOf(done: number, total: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 0;
  const clamped = Math.min(Math.max(done, 0), total);
  return Math.floor((clamped * 100) / total);
}

/** Review score in percent, rounded to the nearest whole number. */
export function scorePercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(correct, 0), total) * 100) / total);
}

export function isPassing(score: number, passingScore: number): boolean {
  return score >= passingScore;
}

export interface MaterialCounts {
  sectionsTotal: number;
  sectionsCompleted: number;
  /** a material has one review */
  reviewPassed: boolean;
  /** any attempt at all, passed or not */
  reviewAttempted?: boolean;
}

/**
 * A module's progress: every section and every review counts as one step. A module is complete when
 * every section is complete and every review is passed; started when anything at all was done.
 */
export function moduleProgress(materials: readonly MaterialCounts[], timeSpentSeconds = 0): ModuleProgress {
  const sectionsTotal = materials.reduce((sum, m) => sum + m.sectionsTotal, 0);
  const sectionsCompleted = materials.reduce((sum, m) => sum + Math.min(m.sectionsCompleted, m.sectionsTotal), 0);
  const reviewsTotal = materials.length;
  const reviewsPassed = materials.filter((m) => m.reviewPassed).length;
  const steps = sectionsTotal + reviewsTotal;
  const done = sectionsCompleted + reviewsPassed;
  const complete = steps > 0 && sectionsCompleted === sectionsTotal && reviewsPassed === reviewsTotal;
  const started = done > 0 || timeSpentSeconds > 0 || materials.some((m) => m.reviewAttempted);
  return {
    sectionsTotal,
    sectionsCompleted,
    reviewsTotal,
    reviewsPassed,
    percent: complete ? 100 : Math.min(percentOf(done, steps), 99),
    status: complete ? 'completed' : started ? 'in-progress' : 'not-started',
  };
}

/** A material's own percentage (its sections and its review). */
export function materialPercent(m: MaterialCounts): number {
  return moduleProgress([m]).percent;
}

/** Overall progress over modules: the share of all steps done, 100 only when every module is complete. */
export function overallPercent(modules: readonly ModuleProgress[]): number {
  const steps = modules.reduce((s, m) => s + m.sectionsTotal + m.reviewsTotal, 0);
  const done = modules.reduce((s, m) => s + m.sectionsCompleted + m.reviewsPassed, 0);
  if (modules.length > 0 && modules.every((m) => m.status === 'completed')) return 100;
  return Math.min(percentOf(done, steps), steps > 0 ? 99 : 0);
}

export const catalogPaths = {
  catalog: () => '/app/catalog',
  module: (m: string) => `/app/catalog/${m}`,
  material: (m: string, mat: string) => `/app/catalog/${m}/material/${mat}`,
  review: (m: string, mat: string) => `/app/catalog/${m}/material/${mat}/review`,
  /** a module's pre-test or post-test: the module page with the test open (SPEC's routes stay as they are) */
  moduleTest: (m: string, kind: 'pre-test' | 'post-test') => `/app/catalog/${m}?test=${kind}`,
  section: (m: string, mat: string, s: string) => `/app/catalog/${m}/material/${mat}/section/${s}`,
  article: (key: string) => `${KB_PATH_PREFIX}${key}`,
  /** the public page that checks a certificate's verification code */
  certificate: (code: string) => `/certificates/${code}`,
};
