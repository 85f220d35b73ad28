/**
 * One student's data, exported or deleted by their school (SCHOOLADMIN at the session's current
 * school; GADMINSUPERUSER anywhere). Paths are relative to the OneLook service; the school
 * administration pages and `npm run admin -- student …` use the same service (docs/privacy.md).
 */
export const STUDENT_DATA_PATHS = {
  /** GET: everything stored about the student, one JSON document (a download: Content-Disposition attachment) */
  export: (userId: number) => `/admin/students/${userId}/export`,
  /** DELETE { confirm: <the student's user name> }: delete the student, or only unlink them from this school */
  student: (userId: number) => `/admin/students/${userId}`,
} as const;

export const STUDENT_DATA_MESSAGES = {
  badId: 'The student id must be a positive whole number.',
  notAdmin: 'Only a school administrator can export or delete a student’s data.',
  noSchool: 'You are not a member of any school yet.',
  notFound: 'No student with this id is at your school.',
  staffAccount: 'This account belongs to staff: remove its permissions first.',
  confirmMismatch: 'To confirm, type the student’s user name exactly as shown.',
  deleted: (userName: string) => `The student ${userName} and everything stored about them were deleted.`,
  unlinked: (userName: string, school: string) =>
    `${userName} also belongs to another school, so the account stays: they were removed from ${school}, with their classes and turned-in work there.`,
} as const;
