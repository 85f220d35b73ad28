/**
 * The behaviour of the glossary terms the server marked in lesson HTML (links to their article that
 * carry the definition): the definition shows on hover and on keyboard focus, in a tooltip the term
 * names with aria-describedby; Escape closes it. On a touch screen the first tap shows it and the
 * second follows the link. One shared popper serves every term of the body.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { GLOSSARY_TERM_CLASS } from '../../../../common/knowledgeBase';

interface Open {
  anchor: HTMLAnchorElement;
  term: string;
  definition: string;
  touch: boolean;
}

const termOf = (target: EventTarget | null): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(`a.${GLOSSARY_TERM_CLASS}`) : null;

/** `root` is the element holding the lesson HTML, null before it mounts. */
export function GlossaryTips({ root }: { root: HTMLElement | null }) {
  const id = `glossary-tip-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const [open, setOpen] = useState<Open | null>(null);
  const openRef = useRef<Open | null>(null);
  useLayoutEffect(() => {
    openRef.current = open;
  }, [open]);
  const lastPointer = useRef<string>('mouse');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!root) return;
    const show = (anchor: HTMLAnchorElement, touch = false) => {
      clearTimeout(closeTimer.current);
      if (openRef.current?.anchor === anchor) return;
      setOpen({ anchor, term: anchor.dataset.term ?? anchor.textContent ?? '', definition: anchor.dataset.definition ?? '', touch });
    };
    const hide = (delay: number) => {
      clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => setOpen(null), delay);
    };
    const onOver = (event: MouseEvent) => {
      const anchor = termOf(event.target);
      if (anchor && lastPointer.current === 'mouse') show(anchor);
    };
    const onOut = (event: MouseEvent) => {
      const anchor = termOf(event.target);
      if (anchor && !anchor.contains(event.relatedTarget as Node | null) && document.activeElement !== anchor) hide(150);
    };
    const onFocusIn = (event: FocusEvent) => {
      const anchor = termOf(event.target);
      if (anchor) show(anchor, lastPointer.current === 'touch');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (termOf(event.target)) hide(0);
    };
    const onPointerDown = (event: PointerEvent) => {
      lastPointer.current = event.pointerType === 'touch' || event.pointerType === 'pen' ? 'touch' : 'mouse';
    };
    const onClick = (event: MouseEvent) => {
      const anchor = termOf(event.target);
      if (!anchor || lastPointer.current !== 'touch') return;
      // first tap: show the definition; a second tap on the same term follows its link
      if (openRef.current?.anchor !== anchor) {
        event.preventDefault();
        show(anchor, true);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openRef.current) {
        event.stopPropagation();
        setOpen(null);
      }
    };
    root.addEventListener('mouseover', onOver);
    root.addEventListener('mouseout', onOut);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    root.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(closeTimer.current);
      root.removeEventListener('mouseover', onOver);
      root.removeEventListener('mouseout', onOut);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      root.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [root]);

  // the term names its tooltip while it shows (as MUI's Tooltip does)
  useEffect(() => {
    if (!open) return;
    open.anchor.setAttribute('aria-describedby', id);
    return () => open.anchor.removeAttribute('aria-describedby');
  }, [open, id]);

  return (
    // MUI's Popper is the role="tooltip" element; kept beside the lesson (no portal) so it stays
    // inside the page's main landmark
    <Popper
      id={id}
      disablePortal
      open={open !== null}
      anchorEl={open?.anchor}
      placement="top"
      sx={{ zIndex: (theme) => theme.zIndex.tooltip, maxWidth: 'min(320px, calc(100vw - 16px))' }}
      modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
    >
      <Paper
        elevation={4}
        sx={{ p: 1.5 }}
        onMouseEnter={() => clearTimeout(closeTimer.current)}
        onMouseLeave={() => {
          closeTimer.current = setTimeout(() => setOpen(null), 150);
        }}
      >
        <Typography variant="body2">
          <strong>{open?.term}</strong>: {open?.definition}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {open?.touch ? 'Tap the term again to read its article.' : 'Select the term to read its article.'}
        </Typography>
      </Paper>
    </Popper>
  );
}
