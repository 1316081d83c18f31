import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { closeNotification, type Notification, useNotification } from '../lib/notify';
import { Icon } from './icon';
import { ModalDialog } from './modal-dialog';

/** Close animation length (spec section 9). */
export const modalCloseMs = 250;

/** Success, error and info messages in a modal with a close cross (spec "Notification modal"). */
export function NotificationModal() {
  const t = useT();
  const current = useNotification();
  const [shown, setShown] = useState<Notification | null>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (current) {
      setShown(current);
      setClosing(false);
      return;
    }
    setClosing(true);
    const timer = setTimeout(() => {
      setShown(null);
      setClosing(false);
    }, modalCloseMs);
    return () => clearTimeout(timer);
  }, [current]);

  if (!shown) return null;
  return (
    <ModalDialog
      open
      onClose={closeNotification}
      className={`notification notification--${shown.type}${closing ? ' is-closing' : ''}`}
      role={shown.type === 'error' ? 'alertdialog' : undefined}
      labelledBy="notification-title"
      describedBy="notification-message"
      testId="notification"
    >
      <button
        type="button"
        className="notification__close icon-button"
        aria-label={t('common.close')}
        onClick={closeNotification}
      >
        <Icon name="close" />
      </button>
      <p id="notification-title" className="notification__title">
        {t(`notification.${shown.type}`)}
      </p>
      <p id="notification-message" className="notification__message" data-testid="notification-message">
        {shown.message}
      </p>
    </ModalDialog>
  );
}
