/**
 * The OneLook paths the pages call: school administration's own (common/schoolAdmin.ts), and one
 * student's data export and deletion (common/studentData.ts), which the CLI's `student` commands
 * share.
 */
export { ADMIN_PATHS } from '../../../common/schoolAdmin';
export { CLASS_ADMIN_PATHS } from '../../../common/schoolAdminClasses';
export { STUDENT_DATA_PATHS } from '../../../common/studentData';
