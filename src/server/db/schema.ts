/** Kysely table types. Times are epoch milliseconds (bigint on PostgreSQL, read back as numbers). */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface ClientsTable {
  id: Generated<number>;
  lsclient_id: string;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** stored lower-case; sign-in compares lower-case */
  user_name: string;
  email: string;
  timezone: string | null;
  password_hash: string;
  created_at: number;
}

export interface UserClientsTable {
  user_id: number;
  client_id: number;
  /** 0 is the current school */
  position: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export interface SessionsTable {
  /** the token's jti */
  id: string;
  user_id: number;
  app_key: string;
  created_at: number;
  last_activity_at: number;
  expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  replaced_by: string | null;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  /** `user:<name>` or `ip:<address>` */
  key: string;
  attempted_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  purpose: string;
  /** when a transport handed it on; null while it only sits in the outbox */
  sent_at: number | null;
}

// ---- the catalog (issue #5, migration 0005)

export interface ContentVersionsTable {
  id: Generated<number>;
  hash: string;
  imported_at: number;
  module_count: number;
}

export interface ContentModulesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** the content's `order` */
  position: number;
  summary: string;
  /** JSON array of strings */
  objectives: string;
  estimated_minutes: number;
  overview_html: string;
}

export interface ContentMaterialsTable {
  id: Generated<number>;
  module_id: number;
  slug: string;
  title: string;
  position: number;
  summary: string;
  intro_html: string;
}

export interface ContentSectionsTable {
  id: Generated<number>;
  material_id: number;
  slug: string;
  title: string;
  position: number;
  estimated_minutes: number;
  /** JSON array of "<topic>/<article>" */
  kb_articles: string;
  body_html: string;
}

export interface ContentReviewsTable {
  id: Generated<number>;
  material_id: number;
  title: string;
  passing_score: number | null;
}

export interface ContentQuestionsTable {
  id: Generated<number>;
  review_id: number;
  position: number;
  type: string;
  prompt: string;
  /** JSON array (multiple choice) or null */
  choices: string | null;
  /** JSON: the correct index or true/false — never sent before an attempt */
  answer: string;
  explanation: string;
}

export interface SchoolModulesTable {
  client_id: number;
  module_slug: string;
}

export interface SectionCompletionsTable {
  user_id: number;
  module_slug: string;
  material_slug: string;
  section_slug: string;
  completed_at: number;
}

export interface ReviewAttemptsTable {
  id: Generated<number>;
  user_id: number;
  module_slug: string;
  material_slug: string;
  score: number;
  /** 1 or 0 */
  passed: number;
  /** JSON of the answers given */
  answers: string;
  created_at: number;
}

export interface TimeSpentTable {
  user_id: number;
  module_slug: string;
  material_slug: string;
  section_slug: string;
  seconds: number;
  first_at: number;
  updated_at: number;
}

export interface BookmarksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  target: string;
  created_at: number;
}

export interface CertificatesTable {
  id: Generated<number>;
  user_id: number;
  module_slug: string;
  module_title: string;
  code: string;
  completed_at: number;
  issued_at: number;
}

export interface KbTopicsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  position: number;
  summary: string;
}

export interface KbArticlesTable {
  id: Generated<number>;
  topic_id: number;
  topic_slug: string;
  slug: string;
  title: string;
  summary: string;
  /** JSON array of { term, definition } */
  key_terms: string;
  /** JSON array of "<topic>/<article>" */
  related: string;
  /** YYYY-MM-DD */
  updated: string;
  body_html: string;
  /** readable text of the body (search index, snippets); PostgreSQL adds a generated search_vector */
  body_text: string;
}

export interface KbArticleViewsTable {
  topic_slug: string;
  article_slug: string;
  views: number;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  user_clients: UserClientsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  outbox: OutboxTable;
  content_versions: ContentVersionsTable;
  content_modules: ContentModulesTable;
  content_materials: ContentMaterialsTable;
  content_sections: ContentSectionsTable;
  content_reviews: ContentReviewsTable;
  content_questions: ContentQuestionsTable;
  school_modules: SchoolModulesTable;
  section_completions: SectionCompletionsTable;
  review_attempts: ReviewAttemptsTable;
  time_spent: TimeSpentTable;
  bookmarks: BookmarksTable;
  certificates: CertificatesTable;
  kb_topics: KbTopicsTable;
  kb_articles: KbArticlesTable;
  kb_article_views: KbArticleViewsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
