/**
 * The machine's services the server's tests may use, named by the environment the way
 * TEST_DATABASE_URL names PostgreSQL: `.ci/run` sets TEST_REDIS_URL when Redis answers on
 * 127.0.0.1:6379, and the tests that need Redis run only then.
 */
export const TEST_REDIS_URL: string | undefined = process.env.TEST_REDIS_URL;
