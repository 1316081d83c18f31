/** A member of staff making a back-office change, as the audit log records them. */
export interface StaffMember {
  id: number;
  email: string;
  isSuperuser: boolean;
}
