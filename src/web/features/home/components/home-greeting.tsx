import { CalendarDays } from "lucide-react";
import { firstName } from "@/domain/auth/user-name";
import { formatLongDate, greetingForHour, hourInAgencyZone } from "@/domain/shell/greeting";

/** Spec §1 and §2 home: time-based greeting on the agency's clock, and the long date. */
export function HomeGreeting({ name, now = new Date() }: { name: string | null | undefined; now?: Date }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
        {`${greetingForHour(hourInAgencyZone(now))}, ${firstName(name)}!`}
      </h1>
      <p
        className="flex items-center gap-2 text-sm text-muted-foreground md:text-base"
        data-testid="home-date"
      >
        <CalendarDays className="size-4" aria-hidden="true" />
        {formatLongDate(now)}
      </p>
    </div>
  );
}
