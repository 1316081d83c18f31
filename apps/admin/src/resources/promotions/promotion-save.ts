import { type RaRecord, useCreate, useNotify, useRecordContext, useRedirect, useUpdate } from 'react-admin';
import { useFormSave } from '../../error-messages.ts';

/**
 * A promo code's or a sale's save, new (`create`) or changed (`edit`, the record in context). A
 * refusal of fields lands under them in the back office's language; any other (a 409, a `detail`) is
 * told in a notice. Either way the form keeps what was typed; a save that went through is told and
 * goes back to the list.
 */
export function usePromotionSave(resource: 'promo-codes' | 'sales', mode: 'create' | 'edit') {
  const record = useRecordContext<RaRecord>();
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const redirect = useRedirect();
  const run = useFormSave('promotion_admin');

  return async function save(values: Record<string, unknown>) {
    if (mode === 'edit' && !record) return undefined;
    return run(
      () =>
        mode === 'edit' && record
          ? update(resource, { id: record.id, data: values, previousData: record }, { returnPromise: true })
          : create(resource, { data: values }, { returnPromise: true }),
      () => {
        notify(mode === 'edit' ? 'ra.notification.updated' : 'ra.notification.created', {
          type: 'info',
          messageArgs: { smart_count: 1 },
        });
        redirect('list', resource);
      },
    );
  };
}
