import { z } from 'zod';
import { listQuery, queryFlag, queryText } from './admin.ts';
import { emailMaxLength, emailPattern } from './validation.ts';

/**
 * Staff accounts (`/api/admin/staff/`), the superuser's alone: who may use the back office, and who
 * may manage staff. Staff access is granted to an account that already exists (the person registers
 * in the shop first), and revoking it leaves the account a shopper's.
 */

export const staffCodes = {
  ownAccount: 'own_account',
  lastSuperuser: 'last_superuser',
} as const;

export const staffMessages = {
  notFound: 'No member of staff matches the given query.',
  noAccount: 'No account has this e-mail address.',
  alreadyStaff: 'This account is already a member of staff.',
  blocked: 'This account is blocked: unblock it first.',
  superuserIsStaff: 'A superuser is always a member of staff.',
  ownAccount: 'You cannot take away your own staff or superuser access.',
  lastSuperuser: 'This is the last superuser: make someone else a superuser first.',
} as const;

export const adminStaffMember = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_active: z.boolean(),
    is_staff: z.boolean(),
    is_superuser: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminStaffMember' });
export type AdminStaffMember = z.infer<typeof adminStaffMember>;

/** Without `sort`: by e-mail. */
export const adminStaffListQuery = listQuery(['id', 'email', 'created_at'], {
  q: queryText(),
  is_superuser: queryFlag,
});
export type AdminStaffListQuery = z.infer<typeof adminStaffListQuery>;

const flag = z.boolean({ error: 'Must be a valid boolean.' });

export const adminStaffGrant = z
  .strictObject({
    email: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, 'This field is required.')
      .max(emailMaxLength, `Ensure this field has no more than ${emailMaxLength} characters.`)
      .regex(emailPattern, 'Enter a valid email address.'),
    is_superuser: flag.optional().default(false),
  })
  .meta({ id: 'AdminStaffGrant' });
export type AdminStaffGrant = z.infer<typeof adminStaffGrant>;

/** Turning both flags off is the same as revoking staff access (DELETE). */
export const adminStaffUpdate = z
  .strictObject({ is_staff: flag.optional(), is_superuser: flag.optional() })
  .meta({ id: 'AdminStaffUpdate' });
export type AdminStaffUpdate = z.infer<typeof adminStaffUpdate>;
