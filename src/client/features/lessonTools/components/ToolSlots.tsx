/**
 * Finds the lesson-tool placeholders the server rendered in a body of lesson HTML and puts the tool in
 * each (a portal into the placeholder), loading the tools' chunk only when a placeholder exists. The
 * placeholder keeps its reserved height until the tool is in, so the page does not jump.
 */
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOOL_CLASS, TOOL_TYPES, isToolKind, type ToolType } from '../../../../common/lessonTools';
import { PartBoundary } from '../../../app/PartBoundary';
import { retryableLazy } from '../../../lib/retryableLazy';

const LessonTool = retryableLazy(() => import(/* webpackChunkName: "lesson-tools" */ '../LessonTool'));

interface Slot {
  el: HTMLElement;
  type: ToolType;
  kind: string;
}

/** The placeholder's loading line and reserved height go once its tool has rendered. */
function release(el: HTMLElement): void {
  el.querySelector(`.${TOOL_CLASS}-loading`)?.remove();
  el.style.minHeight = '';
  el.dataset.ready = 'true';
}

function Ready({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => release(el), [el]);
  return children;
}

function placeholders(root: HTMLElement | null): Slot[] {
  const found: Slot[] = [];
  for (const el of root?.querySelectorAll<HTMLElement>(`.${TOOL_CLASS}`) ?? []) {
    const type = el.dataset.tool as ToolType;
    const kind = el.dataset.kind ?? '';
    if ((TOOL_TYPES as readonly string[]).includes(type) && isToolKind(type, kind)) found.push({ el, type, kind });
  }
  return found;
}

/** `root` is the element holding the lesson HTML (a new element for new HTML), null before it mounts. */
export function ToolSlots({ root }: { root: HTMLElement | null }) {
  const slots = useMemo(() => placeholders(root), [root]);
  return (
    <>
      {slots.map((slot, index) =>
        createPortal(
          <PartBoundary message="This tool could not load." retry={LessonTool.retry}>
            <Ready el={slot.el}>
              <LessonTool type={slot.type} kind={slot.kind} />
            </Ready>
          </PartBoundary>,
          slot.el,
          String(index),
        ),
      )}
    </>
  );
}
