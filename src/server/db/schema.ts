/** Kysely table types. Times are epoch milliseconds (bigint on PostgreSQL, read back as numbers). */
import type { Generated, Selectable } from 'kysely';

export interface ClientsTable {
  id: Generated<number>;
  lsclient_id: string;
  name: string;
  /** IANA zone; due dates are days in it (0015) */
  timezone: Generated<string>;
  /** OneRoster org sourcedId (0015) */
  sourced_id: string | null;
  /** the school's own, shorter retention in days; null: the deployment's (0019) */
  recording_retention_days: number | null;
  audit_retention_days: number | null;
  /** 1: students registering with one of its class codes may leave the e-mail out (0025) */
  students_without_email: Generated<number>;
  /** 1: Get Help keeps no minute before the form in students' tabs (0033) */
  help_buffer_off: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** stored lower-case; sign-in compares lower-case */
  user_name: string;
  email: string;
  timezone: string | null;
  /** the language the person chose ('en' | 'es'), null until they choose (0034) */
  language: string | null;
  password_hash: string;
  created_at: number;
  /** OneRoster user sourcedId (0015) */
  sourced_id: string | null;
  /** 1: a temporary password, to be changed at the next sign-in (0015) */
  must_change_password: Generated<number>;
  /** a temporary password signs in until then, once (0022); null for a password the user chose */
  temporary_password_expires_at: number | null;
  /** when a sign-in consumed the temporary password (0022): it never signs in again */
  temporary_password_used_at: number | null;
  /** set when the school's roster drops the user: they cannot sign in (0015) */
  deactivated_at: number | null;
  /** the address the school's roster lists when it is not the account's: waits for the user to confirm it (0024) */
  roster_email: string | null;
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
  /** SHA-256 (base64url) of the renewal key of the renewal that replaced this session, if it came with one */
  renewal_key_hash: string | null;
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

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 1 when learners must give a student id for this product */
  requires_external_id: number;
  external_id_label: string | null;
}

export interface AccessCodesTable {
  id: Generated<number>;
  code: string;
  client_id: number;
  product_id: number;
  seats: number;
  used: number;
  expires_at: number | null;
  created_at: number;
  /** a class's class code also enrols its redeemer in the class (0015) */
  class_id: number | null;
}

export interface AccessCodeRedemptionsTable {
  access_code_id: number;
  user_id: number;
  redeemed_at: number;
}

export interface UserProductsTable {
  user_id: number;
  product_id: number;
  client_id: number;
  external_id: string | null;
  created_at: number;
}

export interface InvitationsTable {
  id: Generated<number>;
  kind: 'email' | 'code';
  token_hash: string | null;
  email: string | null;
  client_id: number;
  product_id: number;
  access_code_id: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RegistrationRecordsTable {
  id: Generated<number>;
  invitation_id: number;
  key_hash: string;
  first_name: string | null;
  last_name: string | null;
  external_id: string | null;
  terms_accepted_at: number | null;
  email: string | null;
  email_verified_at: number | null;
  user_name: string | null;
  user_id: number | null;
  completed_at: number | null;
  created_at: number;
  expires_at: number;
  /** when the student chose to register without an e-mail address (0025) */
  email_skipped_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: 'registration' | 'email-change';
  record_id: number | null;
  user_id: number | null;
  email: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateEventsTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface SupportCountersTable {
  name: string;
  value: number;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  /** HELP-1042 */
  issue_key: string;
  number: number;
  /** null for a ticket sent from /help without signing in */
  user_id: number | null;
  user_name: string | null;
  /** the current school's name when the ticket was sent */
  school: string | null;
  page_url: string;
  name: string;
  email: string;
  subject: string;
  description: string;
  useragent: string;
  /** a TicketStatus (src/common/support.ts); 'new' until staff first reply (0018) */
  status: 'new' | 'open' | 'waiting-on-student' | 'resolved';
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
  recording_id: string | null;
  upload_token_hash: string | null;
  /** the staff member working on it (0018) */
  assignee_id: number | null;
  /** the first staff reply, for the time to first reply (0018) */
  first_reply_at: number | null;
}

/** A ticket's thread (0018): staff replies, the student's answers, staff-only notes. */
export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  kind: 'reply' | 'note' | 'student';
  author_id: number | null;
  author_name: string;
  body: string;
  created_at: number;
}

/** A support team's saved reply: the team is its school's support staff (0033). */
export interface SupportSavedRepliesTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  body: string;
  updated_by: number | null;
  updated_at: number;
}

export interface SupportRecordingsTable {
  id: string;
  ticket_id: number;
  created_at: number;
  size: number;
  /** 0/1 */
  truncated: number;
  events: string;
}

export interface SupportAttemptsTable {
  id: Generated<number>;
  ip: string;
  attempted_at: number;
}

// ---- the catalog (migration 0005)

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
  /** JSON: the teacher guide's imported part (0032; services/catalog/teacherGuide.ts StoredGuide), null before its first import */
  guide: string | null;
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
  /** questions shown per attempt, drawn from the bank (0016; null: all) */
  draw_count: number | null;
}

export interface ContentQuestionsTable {
  id: Generated<number>;
  review_id: number;
  position: number;
  type: string;
  prompt: string;
  /** JSON array (multiple choice) or null */
  choices: string | null;
  /**
   * JSON: the correct index, the correct indexes (multiple select), { value, tolerance } (numeric)
   * or true/false — never sent before an attempt
   */
  answer: string;
  explanation: string;
  /** numeric only: what the number counts (0016) */
  unit: string | null;
  /** the slug of the section of the same material it tests (0029; null: the content names none) */
  section_slug: Generated<string | null>;
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
  /** JSON of the answers given, by stored choice index */
  answers: string;
  /** JSON of the choice order the attempt was answered in (0013; null before) */
  choice_orders: string | null;
  /** JSON list of the question ids it answered, in the order shown (0016; null: all of them) */
  question_ids: string | null;
  created_at: number;
}

/** The choice order of each question as one opening of a review showed it (0013); used once. */
export interface ReviewServingsTable {
  /** random, 128 bits (base64url): the browser names it with its answers */
  id: string;
  user_id: number;
  module_slug: string;
  material_slug: string;
  /** JSON { [question id]: the stored choice index shown at each position } (questions with choices) */
  choice_orders: string;
  /** JSON list of the question ids drawn, in the order shown (0016; null: all, in content order) */
  question_ids: string | null;
  /** 'review' | 'pre-test' | 'post-test' (a module test's material_slug is '') */
  kind: Generated<string>;
  created_at: number;
}

export interface ModuleTestAttemptsTable {
  id: Generated<number>;
  user_id: number;
  module_slug: string;
  /** 'pre-test' | 'post-test': one of each per student and module */
  kind: string;
  score: number;
  correct_count: number;
  question_count: number;
  /** JSON { [question id]: the answer in the content's terms } */
  answers: string;
  created_at: number;
}

/** A learner's progress in one material, kept by triggers on the three tables it sums (migration 0031). */
export interface MaterialProgressTable {
  user_id: number;
  module_slug: string;
  material_slug: string;
  /** the completed sections' slugs, space-separated; '' for none */
  sections: string;
  completed_at: number;
  attempts: number;
  best: number | null;
  first_attempt_at: number | null;
  last_attempt_at: number | null;
  first_passed_at: number | null;
  seconds: number;
  time_updated_at: number;
  /** the section of its time touched last ('' for none) and that section's own seconds */
  last_section: Generated<string>;
  last_section_seconds: Generated<number>;
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

/** Every word of the imported articles and how many articles hold it (search typo correction). */
export interface KbTermsTable {
  term: string;
  articles: number;
}

/** content/knowledge-base/synonyms.yaml: spellings of one thing share a group_no. */
export interface KbSynonymsTable {
  group_no: number;
  position: number;
  phrase: string;
}

/** A content entity in another language (0035): `data` is the translated fields as JSON. */
export interface ContentTranslationsTable {
  language: string;
  kind: string;
  /** the English entity's slug path */
  key: string;
  data: string;
}

/** A knowledge-base article in another language, with its search index (0035). */
export interface KbArticleTranslationsTable {
  id: Generated<number>;
  language: string;
  topic_slug: string;
  slug: string;
  topic_title: string;
  title: string;
  summary: string;
  key_terms: string;
  updated: string;
  body_html: string;
  body_text: string;
}

/** kb_terms and kb_synonyms of another language (0035). */
export interface KbLanguageTermsTable {
  language: string;
  term: string;
  articles: number;
}

export interface KbLanguageSynonymsTable {
  language: string;
  group_no: number;
  position: number;
  phrase: string;
}

export interface KbArticleViewsTable {
  topic_slug: string;
  article_slug: string;
  views: number;
}

/** A learner's budget: data is the BudgetData JSON; version counts saves. */
export interface BudgetsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  month: string;
  /** 'draft' | 'complete' */
  status: string;
  data: string;
  version: number;
  created_at: number;
  updated_at: number;
  /** soft delete (undo clears it) */
  deleted_at: number | null;
}

/** A learner's worksheet: kind is a WorksheetKind, data its JSON. */
export interface WorksheetsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  data: string;
  version: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** Settings shared by every instance on this database (0010), e.g. the development token secret. */
export interface ServerSettingsTable {
  name: string;
  value: string;
}

// ---- the classroom (migration 0015)

/** A permission (TEACHER, SCHOOLADMIN, …) that holds at one school only. */
export interface SchoolPermissionsTable {
  user_id: number;
  client_id: number;
  permission: string;
  granted_at: number;
  granted_by: number | null;
}

/** A school a district-wide SUPPORT account serves, as an administrator assigned it (0023). */
export interface SupportSchoolsTable {
  user_id: number;
  client_id: number;
  assigned_at: number;
  assigned_by: number | null;
}

export interface ClassesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  /** OneRoster class sourcedId, unique within the school */
  sourced_id: string | null;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
  /** bumped by every write its dashboard shows (services/classroom/versions.ts) */
  dashboard_version: Generated<number>;
}

export interface ClassTeachersTable {
  class_id: number;
  user_id: number;
  role: 'owner' | 'co-teacher';
  added_at: number;
}

export interface ClassStudentsTable {
  class_id: number;
  user_id: number;
  source: 'code' | 'roster' | 'teacher';
  joined_at: number;
  /** the student left or the roster dropped the enrolment */
  left_at: number | null;
  /** bumped by every write that changes the student's dashboard row (classroom/versions.ts) */
  row_version: Generated<number>;
}

export interface AssignmentsTable {
  id: Generated<number>;
  class_id: number;
  kind: 'module' | 'material' | 'review' | 'worksheet';
  module_slug: string | null;
  material_slug: string | null;
  worksheet_kind: string | null;
  /** YYYY-MM-DD in the school's time zone */
  due_date: string | null;
  /** the instant the due day ends in the school's time zone */
  due_at: number | null;
  /** reviews: attempts allowed (null: unlimited) */
  max_attempts: number | null;
  created_by: number | null;
  created_at: number;
  deleted_at: number | null;
  /** a material assignment that points at one of its sections (0029) */
  section_slug: Generated<string | null>;
  /** JSON list of the students it is for (0029; null: the whole class) */
  student_ids: Generated<string | null>;
  /** the teacher's note to the students (0029) */
  note: Generated<string | null>;
}

/** A teacher's exception for one student on one assignment (migration 0026). */
export interface AssignmentExceptionsTable {
  assignment_id: number;
  user_id: number;
  /** attempts on top of the assignment's max_attempts (0: none) */
  extra_attempts: number;
  /** the student's own due day, YYYY-MM-DD in the school's time zone (null: the class's) */
  due_date: string | null;
  /** the instant that day ends in the school's time zone */
  due_at: number | null;
  granted_by: number | null;
  granted_at: number;
}

export interface TurnInsTable {
  id: Generated<number>;
  class_id: number;
  user_id: number;
  assignment_id: number | null;
  kind: 'worksheet' | 'budget';
  document_id: number;
  title: string;
  /** the document's data JSON as turned in */
  snapshot: string;
  turned_in_at: number;
  /** the teacher's review (0027): points 0–100 or a mark, one comment, and the return to the student */
  score_points: number | null;
  score_mark: 'complete' | 'incomplete' | null;
  feedback: string | null;
  scored_by: number | null;
  scored_at: number | null;
  returned_at: number | null;
}

export interface TurnInCommentsTable {
  id: Generated<number>;
  turn_in_id: number;
  author_id: number | null;
  body: string;
  created_at: number;
}

/** One staff action on a student's data (0017); insert-only from the app */
export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  client_id: number | null;
  actor_id: number | null;
  actor_name: string;
  /** an AuditAction (src/common/audit.ts) */
  action: string;
  target_user_id: number | null;
  target_name: string | null;
  /** JSON object */
  detail: Generated<string>;
  /** the caller's IP, or 'cli' */
  origin: string;
}

/** School sign-in (0030, docs/sso.md) */
export interface SsoSchoolSettingsTable {
  client_id: number;
  /** lower-case, comma-separated */
  domains: string;
  create_students: number;
}

export interface SsoSchoolProvidersTable {
  client_id: number;
  provider: string;
  enabled_at: number;
}

export interface SsoLinksTable {
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

export interface SsoPendingTable {
  /** SHA-256 of the state sent to the provider */
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  school_id: number | null;
  redirect: string | null;
  /** set when a signed-in user links the provider from the profile */
  link_user_id: number | null;
  expires_at: number;
}

export interface SsoHandoffsTable {
  code_hash: string;
  user_id: number;
  redirect: string | null;
  expires_at: number;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  user_clients: UserClientsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  outbox: OutboxTable;
  products: ProductsTable;
  access_codes: AccessCodesTable;
  access_code_redemptions: AccessCodeRedemptionsTable;
  user_products: UserProductsTable;
  invitations: InvitationsTable;
  registration_records: RegistrationRecordsTable;
  verification_codes: VerificationCodesTable;
  password_reset_codes: PasswordResetCodesTable;
  rate_events: RateEventsTable;
  support_counters: SupportCountersTable;
  support_tickets: SupportTicketsTable;
  support_recordings: SupportRecordingsTable;
  support_attempts: SupportAttemptsTable;
  content_versions: ContentVersionsTable;
  content_modules: ContentModulesTable;
  content_materials: ContentMaterialsTable;
  content_sections: ContentSectionsTable;
  content_reviews: ContentReviewsTable;
  content_questions: ContentQuestionsTable;
  material_progress: MaterialProgressTable;
  school_modules: SchoolModulesTable;
  section_completions: SectionCompletionsTable;
  review_attempts: ReviewAttemptsTable;
  review_servings: ReviewServingsTable;
  module_test_attempts: ModuleTestAttemptsTable;
  time_spent: TimeSpentTable;
  bookmarks: BookmarksTable;
  certificates: CertificatesTable;
  kb_topics: KbTopicsTable;
  kb_articles: KbArticlesTable;
  kb_article_views: KbArticleViewsTable;
  kb_terms: KbTermsTable;
  kb_synonyms: KbSynonymsTable;
  content_translations: ContentTranslationsTable;
  kb_article_translations: KbArticleTranslationsTable;
  kb_language_terms: KbLanguageTermsTable;
  kb_language_synonyms: KbLanguageSynonymsTable;
  budgets: BudgetsTable;
  worksheets: WorksheetsTable;
  server_settings: ServerSettingsTable;
  school_permissions: SchoolPermissionsTable;
  support_schools: SupportSchoolsTable;
  classes: ClassesTable;
  class_teachers: ClassTeachersTable;
  class_students: ClassStudentsTable;
  assignments: AssignmentsTable;
  assignment_exceptions: AssignmentExceptionsTable;
  turn_ins: TurnInsTable;
  turn_in_comments: TurnInCommentsTable;
  audit_events: AuditEventsTable;
  support_messages: SupportMessagesTable;
  support_saved_replies: SupportSavedRepliesTable;
  sso_school_settings: SsoSchoolSettingsTable;
  sso_school_providers: SsoSchoolProvidersTable;
  sso_links: SsoLinksTable;
  sso_pending: SsoPendingTable;
  sso_handoffs: SsoHandoffsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
