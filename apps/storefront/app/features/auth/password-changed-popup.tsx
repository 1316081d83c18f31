import { Icon } from '../../components/icon';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../lib/i18n';

/** The success popup of the password reset page; closing it in any way calls `onClose`. */
export function PasswordChangedPopup({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog
      open
      onClose={onClose}
      className="notification notification--success"
      labelledBy="password-changed-title"
      describedBy="password-changed-text"
      testId="password-changed"
    >
      <button
        type="button"
        className="notification__close icon-button"
        aria-label={t('common.close')}
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
      <p id="password-changed-title" className="notification__title">
        {t('auth.reset.changedTitle')}
      </p>
      <p id="password-changed-text" className="notification__message">
        {t('auth.reset.changedText')}
      </p>
    </ModalDialog>
  );
}
