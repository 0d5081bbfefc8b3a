/** Shared by the end-to-end server and the Playwright specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Port of the e2e server's stand-in for a hosted project (the liveness checks' target). */
export const E2E_HOSTED_PORT = Number(process.env.E2E_HOSTED_PORT ?? E2E_PORT + 1000);
/** The footer's social links the e2e server configures: reserved `.example` hosts, never reached. */
export const E2E_SOCIAL = {
  github: 'https://github.example/vitrine',
  bluesky: 'https://bsky.example/profile/vitrine.example',
} as const;
/** The admin the e2e server creates. */
export const E2E_ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password' } as const;
