/**
 * A OneRoster import's report, as the CLI prints it and the school administration's upload shows
 * it (server: services/roster/service.ts; docs/roster.md).
 */

export interface RosterProblem {
  file: string;
  /** 1-based line of the CSV; absent for a problem with the whole file */
  line?: number;
  /** the column's header name */
  column?: string;
  message: string;
}

export interface RosterCounts {
  created: number;
  updated: number;
  removed: number;
}

export interface RevokedPermission {
  /** the user's sourcedId and name */
  sourcedId: string;
  name: string;
  /** the school's lsclientID */
  school: string;
  permission: string;
}

export interface RosterReport {
  /** true when the file was imported (or, in a dry run, would be) */
  ok: boolean;
  dryRun: boolean;
  problems: RosterProblem[];
  schools: RosterCounts;
  /** removed: deactivated */
  users: RosterCounts;
  /** removed: archived */
  classes: RosterCounts;
  /** created/updated/removed (left or teacher removed) class memberships */
  enrollments: RosterCounts;
  /** users and enrolments with roles Cashwise has no place for (guardians, aides, …) */
  skipped: { users: number; enrollments: number };
  /** the roster's own grants the file no longer makes, each taken back (by school, then sourcedId) */
  revoked: RevokedPermission[];
  /**
   * users no longer listed who also belong to another school (or hold a district-wide permission):
   * they left the file's schools (membership, roles, classes there) but keep their account
   */
  usersLeft: number;
  /** what was imported but not as the file says (an existing account keeps its own e-mail) */
  warnings: RosterProblem[];
}

/** What the upload route answers, for a dry run and an import alike. */
export interface RosterUploadResult {
  report: RosterReport;
  fileName: string;
  /** the file's SHA-256 (hex): the import of a dry run's file names it */
  sha256: string;
  message: string;
}
