/** The attachment in which the fixtures keep what a failed test's pages went through; the failure reporter prints it. */
export const FAILURE_JOURNAL = "pages when the test failed";
