/**
 * A module's teacher guide, its answer key and its student packet (server:
 * src/server/services/catalog/teacherGuide.ts). Content, the same for every school, that only a
 * teacher or a school administrator may read: the answer key gives every review's answers away.
 */

/** The classroom activity of a module's guide (content/catalog/<module>/guide.md). */
export interface GuideActivity {
  title: string;
  minutes: number;
  materials: string[];
  steps: string[];
}

/** One part of a module's pacing: a material (its sections and review), a test, the discussion or the activity. */
export interface PacingPart {
  label: string;
  minutes: number;
  /** what the minutes are made of ("3 sections, 21 min; review, 8 min") */
  detail: string;
}

export interface GuideStandard {
  id: string;
  text: string;
  /** the titles of the module's sections that teach it */
  sections: string[];
}

export interface TeacherGuide {
  moduleSlug: string;
  moduleTitle: string;
  summary: string;
  objectives: string[];
  standards: GuideStandard[];
  pacing: { parts: PacingPart[]; totalMinutes: number; periods: number; periodMinutes: number; notes: string | null };
  /** false: the module has no guide file yet (prompts and activity not written) */
  written: boolean;
  discussionPrompts: string[];
  activity: GuideActivity | null;
  /** the worksheets the packet prints blank */
  worksheets: { kind: string; title: string; summary: string }[];
}

export interface AnswerKeyChoice {
  text: string;
  right: boolean;
}

export interface AnswerKeyQuestion {
  number: number;
  type: string;
  prompt: string;
  /** the choices in the content's order, each marked right or not (null: numeric and true/false) */
  choices: AnswerKeyChoice[] | null;
  /** the right answer(s) as text */
  answer: string;
  explanation: string;
  /** the section it tests (null: the content names none) */
  section: { slug: string; title: string } | null;
}

export interface AnswerKeyReview {
  materialSlug: string;
  materialTitle: string;
  title: string;
  /** questions an attempt shows, drawn from the bank (null: the whole bank) */
  draw: number | null;
  questions: AnswerKeyQuestion[];
}

export interface TeacherAnswerKey {
  moduleSlug: string;
  moduleTitle: string;
  reviews: AnswerKeyReview[];
  /** the pre-test and the post-test draw their questions from the review banks above */
  tests: { questionCount: number; perMaterial: number; description: string };
}

export interface PacketFile {
  fileName: string;
  pdfBase64: string;
}

/** The guide's OneLook paths (server: services/catalog/routes.ts) and its page. */
export const guideApi = {
  guide: (m: string) => `/catalog/modules/${m}/guide`,
  answerKey: (m: string) => `/catalog/modules/${m}/answer-key`,
  packet: (m: string) => `/catalog/modules/${m}/packet`,
};

export const guidePath = (m: string) => `/app/catalog/${m}/guide`;
