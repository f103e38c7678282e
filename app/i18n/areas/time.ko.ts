/**
 * Korean dates and times. `pattern.date` and `pattern.time` may use any of the calendar's fields (see
 * `calendarFields` in ../calendar): each language writes dates its own way.
 */
export const koTime = {
  justNow: "방금 전",
  minutesAgo: "{count}분 전",
  hoursAgo: "{count}시간 전",
  yesterday: "어제",
  daysAgo: "{count}일 전",
  pattern: {
    date: "{year}.{month2}.{day2}",
    time: "{hour2}:{minute2}",
    dateTime: "{date} {time}",
  },
  am: "오전",
  pm: "오후",
  month: {
    jan: "1월",
    feb: "2월",
    mar: "3월",
    apr: "4월",
    may: "5월",
    jun: "6월",
    jul: "7월",
    aug: "8월",
    sep: "9월",
    oct: "10월",
    nov: "11월",
    dec: "12월",
  },
  /** Short weekday names, Sunday first (a skill's available days count 0 for Sunday). */
  weekday: {
    sun: "일",
    mon: "월",
    tue: "화",
    wed: "수",
    thu: "목",
    fri: "금",
    sat: "토",
  },
} as const;
