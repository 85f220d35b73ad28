import { CLASS_ADMIN_MESSAGES } from '../../../../../src/common/schoolAdminClasses';
import { rosterRefusal, type ClassChange } from '../../../../../src/server/services/classroom/rosterGuard';

describe('rosterRefusal: what the next OneRoster import would undo', () => {
  it.each<[ClassChange, boolean, boolean, string | null]>([
    // a class made by hand: any change stands
    ['archive', false, false, null],
    ['add-teacher', false, true, null],
    ['remove-teacher', false, true, null],
    // a roster class: the import restores it while the file lists it
    ['archive', true, false, CLASS_ADMIN_MESSAGES.rosterArchive],
    // a teacher made by hand survives imports; a roster teacher is put back or dropped by them
    ['add-teacher', true, false, null],
    ['remove-teacher', true, false, null],
    ['add-teacher', true, true, CLASS_ADMIN_MESSAGES.rosterTeacherAdd],
    ['remove-teacher', true, true, CLASS_ADMIN_MESSAGES.rosterTeacherRemove],
  ])('%s (class from roster: %s, teacher from roster: %s)', (change, classFromRoster, teacherFromRoster, expected) => {
    expect(rosterRefusal(change, { classFromRoster, teacherFromRoster })).toBe(expected);
  });
});
