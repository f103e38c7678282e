import Wrench from "lucide-react/icons/wrench";
import { LocalLink, useT } from "#app/i18n/react";
import type { ReminderStatus } from "#app/services/service-log/reminders";

/** A garage bike's way to its service log, with the periodic work that is due or coming soon. */
export function GarageLogLink({
  bikeId,
  name,
  reminders,
}: {
  bikeId: number;
  name: string;
  reminders: ReminderStatus[];
}) {
  const t = useT();
  const works = (state: ReminderStatus["state"]) =>
    reminders
      .filter((status) => status.state === state)
      .map((status) => t(`serviceLog.work.${status.work}`))
      .join(", ");
  const due = works("due");
  const soon = works("soon");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm" data-garage-reminders={bikeId}>
        {due ? (
          <strong className="text-rose-800 dark:text-rose-200">
            {t("serviceLog.reminder.garageDue", { works: due })}
          </strong>
        ) : null}
        {due && soon ? " · " : null}
        {soon ? (
          <span className="text-amber-800 dark:text-amber-200">
            {t("serviceLog.reminder.garageSoon", { works: soon })}
          </span>
        ) : null}
      </p>
      <LocalLink
        to={`/my/garage/${bikeId}/log`}
        aria-label={t("serviceLog.openFor", { model: name })}
        className="surface inline-flex min-h-11 items-center gap-1 rounded-lg border border-subtle px-4 text-sm font-semibold"
      >
        <Wrench className="size-4" aria-hidden="true" />
        {t("serviceLog.open")}
      </LocalLink>
    </div>
  );
}
