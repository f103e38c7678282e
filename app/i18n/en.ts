import type { Messages } from "./ko";

export const en: Messages = {
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
  toast: {
    close: "Close notification",
    errorAt: "at {operation}",
  },
  error: {
    notFoundTitle: "Not Found!",
    notFoundText: "We could not find the page you asked for. Please check the address.",
    serverErrorText: "Something went wrong on our side. Please try again in a moment.",
    badRequestText: "The request is malformed. Please check the address.",
    home: "Home",
    code: "Error code: {code}",
  },
  api: {
    notFound: "No such API endpoint.",
    unknownFilterTable: "Unknown filter table: {tableName}",
    missingTableName: "The tableName parameter is required.",
    invalidQuery: "The request parameters are malformed.",
    payloadTooLarge: "The request body is too large.",
    malformedBody: "The request body could not be parsed.",
    internal: "A server error occurred. Please try again in a moment.",
    databaseUnavailable: "The database cannot be reached.",
  },
  home: {
    title: "Home",
    heroTitle: "Meet riders and experts near you",
    heroText:
      "Repair, rescue, pickup, riding coaching and meetings with owners of the same model: find the help a rider needs close by.",
    meetingsTitle: "Skill meetings",
    meetingsText:
      "Five kinds of meeting connect you one-to-one with an expert, free or paid, each with its own chat room.",
    meetingOwner: "Hear real-world experience from an owner of the model you are looking at.",
    meetingRepair: "Get help from simple DIY maintenance up to professional shop repairs.",
    meetingCoaching: "Learn to ride better from riders with three or more years of experience.",
    meetingRescue: "Call for towing or roadside help after a breakdown or an accident.",
    meetingPickup: "Have a motorcycle or parts carried safely to where you need them.",
    searchTitle: "Search",
    searchPlaceholder: "Search posts, reviews and riders",
    searchButton: "Search",
  },
  policy: {
    title: "Terms and policies",
    intro: "The terms and policies that apply when you use Moto Mate.",
    effectiveDate: "Effective {date}",
    contents: "Contents",
    backToList: "All policies",
  },
};
