import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { FAILURE_JOURNAL } from "./failure-journal";

/**
 * Prints, after the run's summary, what the open pages of each failed test went through and showed when it failed
 * (the fixtures attach it), so that a failure on a CI machine can be read from the log alone.
 */
export default class FailureReporter implements Reporter {
  private readonly journals: string[] = [];

  printsToStdio() {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const journal = result.attachments.find((attachment) => attachment.name === FAILURE_JOURNAL)?.body;
    if (journal) this.journals.push(`### ${test.titlePath().slice(1).join(" › ")}\n${journal.toString()}`);
  }

  onEnd(_result: FullResult) {
    if (this.journals.length === 0) return;
    console.log(`\nPages of the failed tests when they failed:\n\n${this.journals.join("\n\n")}\n`);
  }
}
