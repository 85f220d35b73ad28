import type { AdminClass } from '../../../../../src/common/schoolAdminClasses';
import { NO_CLASS_FILTERS, visibleClasses, type ClassFilters, type ClassShow } from '../../../../../src/client/features/schoolAdmin/classesModel';

const teacher = (name: string, userName: string) => ({ userId: userName.length, name, userName, role: 'owner' as const });
const CLASSES: AdminClass[] = [
  { id: 1, name: 'Personal Finance — Period 2', teachers: [teacher('Tina Teacher', 'teacher')], students: 24, rosterManaged: false, archivedAt: null, createdAt: 0 },
  { id: 2, name: 'Personal Finance — Period 5', teachers: [teacher('Tina Teacher', 'teacher'), teacher('Carl Co', 'carl')], students: 18, rosterManaged: false, archivedAt: null, createdAt: 0 },
  { id: 3, name: 'Economics', teachers: [teacher('Rory Roster', 'rory')], students: 30, rosterManaged: true, archivedAt: null, createdAt: 0 },
  { id: 4, name: 'Old Economics', teachers: [teacher('Carl Co', 'carl')], students: 0, rosterManaged: false, archivedAt: 5, createdAt: 0 },
];

const filters = (change: Partial<ClassFilters> = {}): ClassFilters => ({ ...NO_CLASS_FILTERS, ...change });

describe('visibleClasses', () => {
  it.each<[string, { search?: string; show?: ClassShow; filters?: ClassFilters }, number[]]>([
    ['active classes by default', {}, [1, 2, 3]],
    ['archived only', { show: 'archived' }, [4]],
    ['all', { show: 'all' }, [1, 2, 3, 4]],
    ['search: every word, in the name', { search: 'finance 5' }, [2]],
    ['search: a teacher’s name or user name', { search: 'CARL', show: 'all' }, [2, 4]],
    ['search: no match', { search: 'biology' }, []],
    ['[S9.09] class starts with', { filters: filters({ name: { mode: 'startsWith', value: 'econ' } }) }, [3]],
    ['[S9.09] class not contains', { filters: filters({ name: { mode: 'notContains', value: 'period' } }), show: 'all' }, [3, 4]],
    ['[S9.09] class ends with', { filters: filters({ name: { mode: 'endsWith', value: 'period 2' } }) }, [1]],
    ['[S9.09] teacher equals a teacher’s whole text only', { filters: filters({ teachers: { mode: 'contains', value: 'rory' } }) }, [3]],
    ['[S9.09] students greater than', { filters: filters({ students: { mode: 'gt', value: '20' } }) }, [1, 3]],
    ['[S9.09] students less than or equal to', { filters: filters({ students: { mode: 'lte', value: '18' } }), show: 'all' }, [2, 4]],
    ['[S9.09] students not equals', { filters: filters({ students: { mode: 'notEquals', value: '24' } }) }, [2, 3]],
    ['an empty filter value filters nothing', { filters: filters({ students: { mode: 'gt', value: '' } }) }, [1, 2, 3]],
  ])('%s', (_name, view, ids) => {
    expect(visibleClasses(CLASSES, { search: '', show: 'active', filters: NO_CLASS_FILTERS, ...view }).map((c) => c.id)).toEqual(ids);
  });
});
