import { DeleteButton, SaveButton, Toolbar } from 'react-admin';
import { useErrorNotice } from '../../error-messages.ts';

/**
 * Save and delete on a promo code's or a sale's page; a refused delete (a code that orders used) is
 * told in the back office's language.
 */
export function PromotionToolbar() {
  const tell = useErrorNotice('promotion_admin');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError: (error) => tell(error) }} />
    </Toolbar>
  );
}
