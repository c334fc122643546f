/** Shared by test-render-worker.ts (in the render threads) and the tests that steer it. */
export const TEST_RENDER_CHANNEL = 'render-pool-test';

/** Where every thread says which job it starts (`{ reference }`), so tests count and order the renders that ran. */
export const TEST_RENDER_LOG_CHANNEL = 'render-pool-test-log';

/** How long a `slow` job waits in its thread before it renders. */
export const SLOW_JOB_MS = 1000;

/** The entry module of the test's render threads. */
export const TEST_RENDER_WORKER_URL = new URL('./test-render-worker.ts', import.meta.url);
