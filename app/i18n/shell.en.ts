import type { Widen } from "./widen";
import type { koShell } from "./shell.ko";

/** English messages of the shell. */
export const enShell: Widen<typeof koShell> = {
  app: {
    name: "Moto Mate",
    tagline: "Community, market and skill meetings for riders",
    description:
      "Moto Mate is a rider community where you meet nearby repair, rescue and pickup experts and model owners one-to-one, and share riding experience through reviews and boards.",
  },
  nav: {
    skipToContent: "Skip to content",
    mainMenu: "Main menu",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    comingSoon: "Coming soon",
    home: "Home",
    tabBar: "Bottom tabs",
    accountAndDisplay: "Account and display",
    staffPages: "Staff menu",
    staff: {
      dashboard: "Console home",
      members: "Members",
      report: "Reports",
      meeting: "Meetings",
      noShow: "No-show reports",
      motorcycleReport: "Missing-model reports",
      theft: "Stolen vehicle check",
      inquiry: "1:1 inquiries",
      community: "Community management",
      board: "Board categories",
      motorcycle: "Motorcycle catalogue import",
      jobs: "Failed jobs",
      coupons: "Coupons",
      payments: "Payments",
      refunds: "Refunds",
      earnings: "Earnings",
      settlement: "Settlement details",
      withdrawals: "Withdrawals",
      audit: "Audit log",
    },
  },
  header: {
    signIn: "Sign in",
    signOut: "Sign out",
    account: "My account",
    search: "Search",
    alarms: {
      none: "Notifications",
      unread: "{count, plural, one {# unread notification} other {# unread notifications}}",
      arrived:
        "New notification. {count, plural, one {# unread notification} other {# unread notifications}}",
    },
  },
  field: {
    showPassword: "Show password",
  },
  tab: {
    home: "Home",
    community: "Community",
    market: "Market",
    meeting: "Meetings",
    my: "My",
  },
  theme: {
    label: "Colour mode",
    auto: "System",
    light: "Light",
    dark: "Dark",
  },
  language: {
    label: "Language",
    ko: "한국어",
    en: "English",
    switchTo: "View in {language}",
  },
  footer: {
    policies: "Terms and policies",
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    board: "Board Policy",
    market: "Market Policy",
    copyright: "© {year} Moto Mate. All rights reserved.",
    contact: "Customer center: help@motomate.kr",
  },
  loading: {
    label: "Loading the page",
  },
  blinded: {
    post: "This is a post from a member you hid.",
    comment: "This is a comment from a member you hid.",
    reveal: "Show",
  },
  toast: {
    close: "Close notification",
    errorAt: "at {operation}",
  },
  error: {
    notFoundTitle: "Not Found!",
    notFoundText: "We could not find the page you asked for. Please check the address.",
    serverErrorText: "Something went wrong on our side. Please try again in a moment.",
    badRequestText: "The request is malformed. Please check the address.",
    methodNotAllowed: "This address does not accept that kind of request.",
    unsupportedMediaType:
      "What you sent is in a format we cannot read. Please send it again with the page's form.",
    home: "Home",
    code: "Error code: {code}",
    invalidAccess: "Invalid access.",
    payloadTooLarge: "What you sent is too large. Please make the files smaller and try again.",
    formTooLarge: "What you entered is too long for this form. Please shorten it and try again.",
  },
  my: {
    title: "My Page",
  },
};
