/**
 * "Lena Learner (learner)": whose session or record this is (the account menu, the printed learning
 * record); the parts that are missing are left out. A module of its own: the account menu is in the
 * signed-in shell's first download.
 */
export function learnerLabel(user: { firstName?: string | null; lastName?: string | null; userName?: string | null }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return [name, user.userName ? `(${user.userName})` : ''].filter(Boolean).join(' ');
}
