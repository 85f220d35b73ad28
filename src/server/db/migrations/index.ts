import type { Migration, MigrationProvider } from 'kysely';
import { migration0001 } from './0001_initial';
import { migration0002 } from './0002_outbox';
import { migration0004 } from './0004_support';
import { migration0005 } from './0005_catalog';
import { migration0006 } from './0006_accounts';
import { migration0007 } from './0007_knowledge_base';
import { migration0008 } from './0008_budgets_worksheets';
import { migration0009 } from './0009_performance_indexes';
import { migration0010 } from './0010_server_settings';
import { migration0011 } from './0011_renewal_replay';
import { migration0012 } from './0012_course_per_school';
import { migration0013 } from './0013_review_servings';
import { migration0014 } from './0014_kb_search_vocabulary';
import { migration0015 } from './0015_classroom';
import { migration0016 } from './0016_review_banks';
import { migration0017 } from './0017_audit';
import { migration0018 } from './0018_support_desk';
import { migration0019 } from './0019_school_retention';
import { migration0020 } from './0020_class_versions';
import { migration0021 } from './0021_class_row_versions';
import { migration0022 } from './0022_temporary_passwords';
import { migration0023 } from './0023_support_schools';
import { migration0024 } from './0024_roster_email';
import { migration0025 } from './0025_students_without_email';
import { migration0026 } from './0026_assignment_exceptions';
import { migration0027 } from './0027_turn_in_scores';
import { migration0028 } from './0028_school_zones';
import { migration0029 } from './0029_question_sections';
import { migration0030 } from './0030_school_sign_in';
import { migration0031 } from './0031_material_progress';
import { migration0032 } from './0032_teacher_guides';
import { migration0033 } from './0033_help_buffer_saved_replies';
import { migration0034 } from './0034_user_language';
import { migration0035 } from './0035_content_translations';

/** In-code provider: the compiled server needs no migration folder on disk. Names sort in order. */
export const migrationProvider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001_initial': migration0001,
      '0002_outbox': migration0002,
      '0004_support': migration0004,
      '0005_catalog': migration0005,
      '0006_accounts': migration0006,
      '0007_knowledge_base': migration0007,
      '0008_budgets_worksheets': migration0008,
      '0009_performance_indexes': migration0009,
      '0010_server_settings': migration0010,
      '0011_renewal_replay': migration0011,
      '0012_course_per_school': migration0012,
      '0013_review_servings': migration0013,
      '0014_kb_search_vocabulary': migration0014,
      '0015_classroom': migration0015,
      '0016_review_banks': migration0016,
      '0017_audit': migration0017,
      '0018_support_desk': migration0018,
      '0019_school_retention': migration0019,
      '0020_class_versions': migration0020,
      '0021_class_row_versions': migration0021,
      '0022_temporary_passwords': migration0022,
      '0023_support_schools': migration0023,
      '0024_roster_email': migration0024,
      '0025_students_without_email': migration0025,
      '0026_assignment_exceptions': migration0026,
      '0027_turn_in_scores': migration0027,
      '0028_school_zones': migration0028,
      '0029_question_sections': migration0029,
      '0030_school_sign_in': migration0030,
      '0031_material_progress': migration0031,
      '0032_teacher_guides': migration0032,
      '0033_help_buffer_saved_replies': migration0033,
      '0034_user_language': migration0034,
      '0035_content_translations': migration0035,
    };
  },
};
