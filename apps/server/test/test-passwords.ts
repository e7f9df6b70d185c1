/** The demo accounts' passwords in every test server (set through ADMIN_PASSWORD / USER_PASSWORD). */
export const TEST_PASSWORDS = {
  adminPassword: 'test-admin-Passw0rd',
  userPassword: 'test-user-Passw0rd',
} as const;
