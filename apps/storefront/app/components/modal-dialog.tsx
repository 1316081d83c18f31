import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal on the native <dialog>: the browser keeps focus inside, puts it on top and draws the
 * backdrop; Escape and a click on the backdrop close it.
 */
export function ModalDialog({
  open,
  onClose,
  className,
  labelledBy,
  describedBy,
  role,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className?: string;
  labelledBy?: string;
  describedBy?: string;
  role?: 'alertdialog';
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Escape is handled by onCancel; a click on the backdrop has no keyboard equivalent to offer.
      onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
      onClick={(event) => {
        // The dialog itself is hit only outside its content box: on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__content">{children}</div>
    </dialog>
  );
}
