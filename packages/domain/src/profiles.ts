export const Profile = {
  ADMIN: 0,
  PARTICULAR: 1,
  COMPANY: 2,
  PROFESSIONAL: 3,
  EXPERT: 4,
  BANK: 5,
  PUBLISHER: 6,
} as const;
export type ProfileCode = (typeof Profile)[keyof typeof Profile];
export const PROFILE_CODES = [0, 1, 2, 3, 4, 5, 6] as const;
/** Codes a person may pick when signing up; Admin is never self-assigned. */
export const SIGNUP_PROFILE_CODES = [1, 2, 3, 4, 5, 6] as const;
export const PROFILE_KEYS: Record<ProfileCode, string> = {
  0: 'admin',
  1: 'particular',
  2: 'company',
  3: 'professional',
  4: 'expert',
  5: 'bank',
  6: 'publisher',
};
/** Accountants (Expert) run a portfolio of client organizations. */
export function isPortfolioProfile(pid: number): boolean {
  return pid === Profile.EXPERT;
}
