/**
 * Which of a school's classes the Classes and Teachers page shows: the search box (every word in
 * the class's name or a teacher's name or user name), active / archived / all, and SPEC §9's column
 * filters (text modes on the class and its teachers, numeric modes on the student count). Pure, so
 * it is tested as a table.
 */
import type { AdminClass } from '../../../common/schoolAdminClasses';
import type { ColumnFilterState } from '../../ui/ColumnFilter';
import { matchesFilter, type FilterKind } from '../../ui/filters';

export const CLASS_FILTERS = [
  { id: 'name', label: 'Class', kind: 'text' },
  { id: 'teachers', label: 'Teacher', kind: 'text' },
  { id: 'students', label: 'Students', kind: 'numeric' },
] as const satisfies readonly { id: string; label: string; kind: FilterKind }[];
export type ClassFilterId = (typeof CLASS_FILTERS)[number]['id'];
export type ClassFilters = Record<ClassFilterId, ColumnFilterState>;

export const NO_CLASS_FILTERS: ClassFilters = { name: { mode: 'contains', value: '' }, teachers: { mode: 'contains', value: '' }, students: { mode: 'equals', value: '' } };

export type ClassShow = 'active' | 'archived' | 'all';
export const CLASS_SHOW_LABELS: Record<ClassShow, string> = { active: 'Active classes', archived: 'Archived classes', all: 'All classes' };

const teacherText = (c: AdminClass) => c.teachers.map((t) => `${t.name} ${t.userName}`).join(' ');

function filterValue(c: AdminClass, id: ClassFilterId): string | number {
  if (id === 'name') return c.name;
  if (id === 'teachers') return teacherText(c);
  return c.students;
}

export function visibleClasses(classes: readonly AdminClass[], view: { search: string; show: ClassShow; filters: ClassFilters }): AdminClass[] {
  const words = view.search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return classes.filter((c) => {
    if (view.show === 'active' && c.archivedAt !== null) return false;
    if (view.show === 'archived' && c.archivedAt === null) return false;
    const text = `${c.name} ${teacherText(c)}`.toLocaleLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
    // a teacher filter with "contains" matches a class any of whose teachers matches (teacherText holds them all)
    return CLASS_FILTERS.every((f) => matchesFilter(filterValue(c, f.id), view.filters[f.id].mode, f.kind === 'numeric' && view.filters[f.id].value !== '' ? Number(view.filters[f.id].value) : view.filters[f.id].value));
  });
}
