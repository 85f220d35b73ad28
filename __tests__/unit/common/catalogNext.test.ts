/** Where finishing leads: the next material (or its review) of the module, then the next module. */
import type { CatalogModuleCard, MaterialSummary, ModuleDetail, ProgressStatus } from '../../../src/common/catalog';
import { afterMaterial, afterReview, nextModule } from '../../../src/common/catalogNext';

/** A material of three sections: `read` of them read, its review passed or not. */
function material(order: number, read: number, passed: boolean): MaterialSummary {
  const slug = `m${order}`;
  return {
    slug,
    title: `Material ${order}`,
    order,
    summary: '',
    sections: [1, 2, 3].map((n) => ({ slug: `s${n}`, title: `Section ${n}`, order: n, estimatedMinutes: 5, completed: n <= read })),
    review: { title: `Review: Material ${order}`, questionCount: 5, passingScore: 70, bestScore: passed ? 100 : null, passed, attempts: passed ? 1 : 0 },
    percent: 0,
  };
}

const moduleOf = (...materials: MaterialSummary[]): ModuleDetail => ({
  slug: 'budgeting',
  title: 'Budgeting Basics',
  order: 1,
  summary: '',
  objectives: [],
  estimatedMinutes: 60,
  overviewHtml: '',
  materials,
  progress: { sectionsTotal: 0, sectionsCompleted: 0, reviewsTotal: 0, reviewsPassed: 0, percent: 0, status: 'in-progress' },
  continuePath: '',
});

const DONE = (order: number) => material(order, 3, true);

describe('afterMaterial: what finishing a material offers', () => {
  it.each([
    ['the material is not finished (a section unread)', moduleOf(material(1, 2, true), material(2, 0, false)), 'm1', null],
    ['the material is not finished (review not passed)', moduleOf(material(1, 3, false), material(2, 0, false)), 'm1', null],
    ['a material the module does not have', moduleOf(DONE(1)), 'nope', null],
    ['the next material, not started', moduleOf(DONE(1), material(2, 0, false)), 'm1', { moduleCompleted: false, next: { label: 'Next: Material 2', path: '/app/catalog/budgeting/material/m2' } }],
    ['the next material, half read', moduleOf(DONE(1), material(2, 1, false)), 'm1', { moduleCompleted: false, next: { label: 'Next: Material 2', path: '/app/catalog/budgeting/material/m2' } }],
    [
      'the next material’s review, when its sections are all read',
      moduleOf(DONE(1), material(2, 3, false)),
      'm1',
      { moduleCompleted: false, next: { label: 'Next: Review: Material 2', path: '/app/catalog/budgeting/material/m2/review' } },
    ],
    ['a finished later material is skipped', moduleOf(DONE(1), DONE(2), material(3, 0, false)), 'm1', { moduleCompleted: false, next: { label: 'Next: Material 3', path: '/app/catalog/budgeting/material/m3' } }],
    ['after the last material, wraps round to one skipped earlier', moduleOf(material(1, 1, false), DONE(2), DONE(3)), 'm3', { moduleCompleted: false, next: { label: 'Next: Material 1', path: '/app/catalog/budgeting/material/m1' } }],
    ['materials in content order, whatever the list order', moduleOf(material(3, 0, false), DONE(1), material(2, 0, false)), 'm1', { moduleCompleted: false, next: { label: 'Next: Material 2', path: '/app/catalog/budgeting/material/m2' } }],
    ['the last material of the module finished', moduleOf(DONE(1), DONE(2)), 'm2', { moduleCompleted: true }],
    ['a one-material module finished', moduleOf(DONE(1)), 'm1', { moduleCompleted: true }],
  ])('%s', (_name, module, slug, expected) => {
    expect(afterMaterial(module, slug)).toEqual(expected);
  });
});

describe('afterReview: what passing a review offers', () => {
  it.each([
    ['the review is not passed', moduleOf(material(1, 3, false), material(2, 0, false)), 'm1', null],
    ['a material the module does not have', moduleOf(DONE(1)), 'nope', null],
    [
      'passed with sections unread: the first unread one',
      moduleOf(material(1, 1, true), material(2, 0, false)),
      'm1',
      { moduleCompleted: false, next: { label: 'Next: Section 2', path: '/app/catalog/budgeting/material/m1/section/s2' } },
    ],
    ['passed with every section read: the next material', moduleOf(DONE(1), material(2, 0, false)), 'm1', { moduleCompleted: false, next: { label: 'Next: Material 2', path: '/app/catalog/budgeting/material/m2' } }],
    ['passed, the last of the module', moduleOf(DONE(1), DONE(2)), 'm2', { moduleCompleted: true }],
  ])('%s', (_name, module, slug, expected) => {
    expect(afterReview(module, slug)).toEqual(expected);
  });
});

const card = (slug: string, order: number, status: ProgressStatus): CatalogModuleCard => ({
  slug,
  title: `Module ${order}`,
  order,
  summary: '',
  estimatedMinutes: 60,
  progress: { sectionsTotal: 3, sectionsCompleted: 0, reviewsTotal: 1, reviewsPassed: 0, percent: 0, status },
  continuePath: '',
});

describe('nextModule: after a module, the next one not completed', () => {
  it.each([
    ['the next one in order', [card('a', 1, 'completed'), card('b', 2, 'not-started'), card('c', 3, 'not-started')], 'a', { label: 'Next module: Module 2', path: '/app/catalog/b' }],
    ['one in progress counts', [card('a', 1, 'completed'), card('b', 2, 'in-progress')], 'a', { label: 'Next module: Module 2', path: '/app/catalog/b' }],
    ['completed ones are skipped', [card('a', 1, 'completed'), card('b', 2, 'completed'), card('c', 3, 'not-started')], 'a', { label: 'Next module: Module 3', path: '/app/catalog/c' }],
    ['wraps round to an earlier one', [card('a', 1, 'in-progress'), card('b', 2, 'completed'), card('c', 3, 'completed')], 'c', { label: 'Next module: Module 1', path: '/app/catalog/a' }],
    ['in catalog order, whatever the list order', [card('c', 3, 'not-started'), card('a', 1, 'completed'), card('b', 2, 'not-started')], 'a', { label: 'Next module: Module 2', path: '/app/catalog/b' }],
    ['every module completed', [card('a', 1, 'completed'), card('b', 2, 'completed')], 'b', null],
    ['a module not in the catalog: the first one not completed', [card('a', 1, 'completed'), card('b', 2, 'not-started')], 'zz', { label: 'Next module: Module 2', path: '/app/catalog/b' }],
  ])('%s', (_name, catalog, slug, expected) => {
    expect(nextModule(catalog, slug)).toEqual(expected);
  });
});
