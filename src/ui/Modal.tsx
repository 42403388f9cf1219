import { useEffect, useId, useRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useT } from './t';

/**
 * An accessible modal dialog: labelled, focus moved inside on open and kept there (Tab cycles),
 * Escape = the close button, focus returned on close. Drawn into <body>, outside the page: the page's slide-in
 * transform (src/app/styles.css) would otherwise make the page the dimmed layer's containing block for those
 * 0.2 s, and the layer would stop at the page's bottom (issue #35). The bottom bar stays above the layer.
 */
export function Modal({ title, children, onClose, closeLabel }: { title: string; children: ReactNode; onClose?: () => void; closeLabel?: string }): ReactElement {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read through a ref so a new onClose each render does not re-run the effect (and steal focus).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const closable = Boolean(onClose);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const focusables = () => [...(node?.querySelectorAll<HTMLElement>('button, [href], input, textarea, select, [tabindex]:not([tabindex="-1"])') ?? [])].filter((el) => !el.hasAttribute('disabled'));
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closeRef.current) {
        e.preventDefault();
        closeRef.current();
      } else if (e.key === 'Tab') {
        const list = focusables();
        const first = list[0];
        const last = list[list.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [closable]);
  return createPortal(
    <ModalFrame title={title} titleId={titleId} frameRef={ref} onClose={onClose} closeLabel={onClose ? (closeLabel ?? t('ui.close')) : undefined}>
      {children}
    </ModalFrame>,
    document.body,
  );
}

/**
 * The dialog's markup alone (no focus handling, no portal): what Modal draws, and what the build renders for the
 * pre-React ballot (src/features/polls/BallotParts.tsx), whose script adds the same keys to it. The close button
 * is drawn when it has a name (`closeLabel`); Modal names it only when it can close.
 */
export function ModalFrame({ title, titleId, frameRef, onClose, closeLabel, children }: { title: string; titleId: string; frameRef?: Ref<HTMLDivElement>; onClose?: (() => void) | undefined; closeLabel?: string | undefined; children: ReactNode }): ReactElement {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={frameRef}>
        {closeLabel !== undefined ? (
          <button type="button" className="icon-btn modal-close" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        ) : null}
        <h2 id={titleId} className="modal-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}
