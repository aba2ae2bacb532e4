/**
 * A modal dialog on the native <dialog> opened with showModal(): the browser moves focus into it and
 * keeps it there, makes the rest of the page inert, and labels it by its title. Escape fires `cancel`,
 * which goes through the same onClose as the dialog's own buttons (the parent owns whether it is open,
 * so the browser's own closing is prevented). Focus returns to the element that opened it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
