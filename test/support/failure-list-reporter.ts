/**
 * A Vitest reporter that writes every failure of a run to the file named by FAILURE_LIST, for
 * `.ci/run` to print at the very end of CI's output: failed tests, and also what the JSON report
 * cannot name — a failed beforeAll/afterAll (an error on a suite, whose tests are then only
 * "skipped"), a file that did not load, and errors thrown outside any test.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const firstLines = (error: { message?: string; stack?: string }) =>
  (error.stack || error.message || '(no message)').split('\n').slice(0, 6).join('\n  ');

export default class FailureListReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const out = process.env.FAILURE_LIST;
    if (!out) return;
    const lines: string[] = [];
    const failed = (where: string, what: string, errors: ReadonlyArray<{ message?: string; stack?: string }>) => {
      if (errors.length > 0) lines.push(`FAILED ${where} [${what}]\n  ${firstLines(errors[0]!)}`);
    };
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId);
      failed(file, 'file', module.errors());
      // A suite's and a test's full name begins with their file's.
      for (const suite of module.children.allSuites()) failed(suite.fullName, 'suite: a hook', suite.errors());
      for (const test of module.children.allTests('failed')) failed(test.fullName, 'test', test.result().errors ?? []);
    }
    for (const error of unhandledErrors) lines.push(`UNHANDLED ERROR\n  ${firstLines(error)}`);
    if (lines.length > 0) appendFileSync(out, `Failures on Node ${process.version} (${process.env.TEST_BACKENDS ?? 'every backend'}):\n${lines.join('\n')}\n`);
  }
}
