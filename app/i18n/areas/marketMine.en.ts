import type { Widen } from "../widen";
import type { koMarketMine } from "./marketMine.ko";

/** English messages of a member's own listings and trades. */
export const enMarketMine: Widen<typeof koMarketMine> = {
  title: "My market",
  tabs: "My market menu",
  listings: "My listings",
  offers: "Offers",
  keywords: "Keyword alerts",
  open: "Open",
  closed: "Closed",
  emptyListings: "You have not posted any listings yet.",
  openOffers: "{count, plural, one {# offer waiting} other {# offers waiting}}",
  sent: "Sent",
  received: "Received",
  emptyOffers: "No offers sent or received.",
  offerLine: "Offered ₩{price, number} · {status}",
  offerFrom: "from {nickname}",
  keywordsIntro: "Save keywords and we will tell you when a matching listing is posted. Up to 10 keywords.",
  keyword: "Keyword",
  keywordKind: "Category (optional)",
  keywordArea: "Area (optional)",
  anyKind: "All categories",
  anyArea: "All areas",
  addKeyword: "Save keyword",
  deleteKeyword: "Delete the keyword '{keyword}'",
  emptyKeywords: "No keywords saved.",
  keywordCount: "{count, number} of 10 saved",
  saved: "Keyword saved.",
  deleted: "Keyword deleted.",
  alarmSetting: "You can turn keyword alerts off in the notification settings.",
  more: "More",
};
