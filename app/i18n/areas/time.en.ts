import type { Widen } from "../widen";
import type { koTime } from "./time.ko";

/** English dates and times: "Nov 22, 2026, 8:22 PM". */
export const enTime: Widen<typeof koTime> = {
  justNow: "just now",
  minutesAgo: "{count, plural, one {# minute ago} other {# minutes ago}}",
  hoursAgo: "{count, plural, one {# hour ago} other {# hours ago}}",
  yesterday: "yesterday",
  daysAgo: "{count, plural, one {# day ago} other {# days ago}}",
  pattern: {
    date: "{monthName} {day}, {year}",
    time: "{hour12}:{minute2} {meridiem}",
    dateTime: "{date}, {time}",
  },
  am: "AM",
  pm: "PM",
  month: {
    jan: "Jan",
    feb: "Feb",
    mar: "Mar",
    apr: "Apr",
    may: "May",
    jun: "Jun",
    jul: "Jul",
    aug: "Aug",
    sep: "Sep",
    oct: "Oct",
    nov: "Nov",
    dec: "Dec",
  },
  weekday: {
    sun: "Sun",
    mon: "Mon",
    tue: "Tue",
    wed: "Wed",
    thu: "Thu",
    fri: "Fri",
    sat: "Sat",
  },
};
