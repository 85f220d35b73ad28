/**
 * Where a learner goes after finishing something (pure, table-tested): after a material, the next
 * unfinished material of its module — or that material's review when its sections are all read —
 * and after the last one, the next module not yet completed. "Next" looks forward first, then wraps
 * round to what was skipped earlier, so nothing left undone is passed over.
 */
import { catalogPaths, type CatalogModuleCard, type MaterialSummary, type ModuleDetail } from './catalog';

export interface NextStep {
  /** what the button says: "Next: Needs and Wants", "Next: Review: Needs and Wants", "Next module: Banking" */
  label: string;
  path: string;
}

/** `items` starting after the one at `index`, wrapping round, without it. */
function after<T>(items: readonly T[], index: number): T[] {
  return [...items.slice(index + 1), ...items.slice(0, Math.max(index, 0))];
}

const finished = (material: MaterialSummary) => material.sections.every((s) => s.completed) && material.review.passed;

/** The step a material still needs: its review once every section is read, else the material itself. */
function stepOf(moduleSlug: string, material: MaterialSummary): NextStep {
  return material.sections.every((s) => s.completed)
    ? { label: `Next: ${material.review.title}`, path: catalogPaths.review(moduleSlug, material.slug) }
    : { label: `Next: ${material.title}`, path: catalogPaths.material(moduleSlug, material.slug) };
}

/**
 * What to offer once the material `materialSlug` is finished: null while it is not (or is not in the
 * module), `{ moduleCompleted: true }` when it finished the module, else the module's next step.
 */
export function afterMaterial(module: ModuleDetail, materialSlug: string): { moduleCompleted: true } | { moduleCompleted: false; next: NextStep } | null {
  const materials = [...module.materials].sort((a, b) => a.order - b.order);
  const index = materials.findIndex((m) => m.slug === materialSlug);
  const material = materials[index];
  if (!material || !finished(material)) return null;
  const nextMaterial = after(materials, index).find((m) => !finished(m));
  if (!nextMaterial) return { moduleCompleted: true };
  return { moduleCompleted: false, next: stepOf(module.slug, nextMaterial) };
}

/** The next module not completed yet, after `moduleSlug` in catalog order (wrapping round); null when every one is. */
export function nextModule(catalog: readonly CatalogModuleCard[], moduleSlug: string): NextStep | null {
  const modules = [...catalog].sort((a, b) => a.order - b.order);
  const index = modules.findIndex((m) => m.slug === moduleSlug);
  const next = (index < 0 ? modules : after(modules, index)).find((m) => m.progress.status !== 'completed');
  return next ? { label: `Next module: ${next.title}`, path: catalogPaths.module(next.slug) } : null;
}

/**
 * What to offer once the review of `materialSlug` is passed: the material's first unread section
 * while any is unread (the review can be passed before reading it all), else as `afterMaterial`;
 * null while the review is not passed (or the module has no such material).
 */
export function afterReview(module: ModuleDetail, materialSlug: string): ReturnType<typeof afterMaterial> {
  const material = module.materials.find((m) => m.slug === materialSlug);
  if (!material?.review.passed) return null;
  const unread = [...material.sections].sort((a, b) => a.order - b.order).find((s) => !s.completed);
  if (!unread) return afterMaterial(module, materialSlug);
  return { moduleCompleted: false, next: { label: `Next: ${unread.title}`, path: catalogPaths.section(module.slug, material.slug, unread.slug) } };
}
