import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: `npm run test:unit` runs shared and web,
// `npm run test:api` runs the server's API tests (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A dialog's test renders antd in jsdom: 1-2 s alone, over the 5 s default on a
          // loaded 2-core machine (seen with the browser tests running beside them).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
