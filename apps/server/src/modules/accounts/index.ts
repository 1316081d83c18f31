/** Accounts: shoppers and staff, their sign-ins, and who is asking (`Viewer`). */
export type { AccessClaims, AccessTokenVerifier, VerifyOptions, Viewer } from './access-tokens.ts';
export type { StaffMember } from './staff-member.ts';
