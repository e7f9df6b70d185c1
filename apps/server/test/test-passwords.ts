/** The demo accounts' passwords in every test server (set through ADMIN_PASSWORD / USER_PASSWORD). */
export const TEST_PASSWORDS = {
  adminPassword: 'test-admin-Passw0rd',
  userPassword: 'test-user-Passw0rd',
} as const;

/**
 * scrypt cost (log2 N) of the hashes test servers make, as PASSWORD_HASH_COST: 2^10 instead of 2^14, as Devise
 * and Django lower theirs in tests; thousands of logins at full cost were a large share of a run's CPU.
 */
export const TEST_PASSWORD_HASH_COST = 10;
