import { lazy, Suspense, type ComponentProps } from "react";

const ReportDialog = lazy(() =>
  import("./ReportDialog").then((module) => ({ default: module.ReportDialog })),
);

/**
 * The report dialog, loaded when a reader first opens it: most readers of a page never report anything, so its form
 * is not part of the page's first load (ADR 045). Render it only while it is open.
 */
export function OpenReportDialog(props: Omit<ComponentProps<typeof ReportDialog>, "open">) {
  return (
    <Suspense fallback={null}>
      <ReportDialog open {...props} />
    </Suspense>
  );
}
