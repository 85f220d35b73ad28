/**
 * The OneLook paths the pages call: school administration's own (common/schoolAdmin.ts), and one
 * student's data export and deletion, which the privacy routes serve (common/studentData.ts's
 * STUDENT_DATA_PATHS where that module is present: the two strings below are the same paths).
 */
export { ADMIN_PATHS } from '../../../common/schoolAdmin';

export const STUDENT_DATA = {
  /** GET: everything stored about the student, as one JSON document */
  export: (userId: number) => `/admin/students/${userId}/export`,
  /** DELETE { confirm: userName }: delete the student's data for good */
  delete: (userId: number) => `/admin/students/${userId}`,
} as const;
