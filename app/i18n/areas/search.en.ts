import type { Widen } from "../widen";
import type { koSearch } from "./search.ko";

/** English messages of the search area. */
export const enSearch: Widen<typeof koSearch> = {
  title: "Search",
  resultTitle: "Search results",
  open: "Search",
  label: "Search words",
  placeholder: "Search posts, the guestbook and rider nicknames",
  submit: "Search",
  hint: "Enter 2 to 50 characters; parts of words are found too.",
  recent: "Recent searches",
  recentEmpty: "No recent searches.",
  removeOne: "Remove the search '{query}'",
  clearAll: "Clear all",
  clearConfirm:
    "Remove {count, plural, one {the # recent search} other {all # recent searches}}? This cannot be undone.",
  clearConfirmButton: "Remove all",
  cleared: "All recent searches were removed.",
  summary: "Results for '{query}': {count}",
  noResults: "No results for '{query}'.",
  noResultsHint: "Check the spelling or try a shorter word.",
  areaEmpty: "Nothing found in {area}.",
  count: "{count}",
  more: "More",
  moreIn: "More results in {area}",
  backToAll: "All results",
  loading: "Loading…",
  end: "That is every result.",
  likes: "{count, plural, one {# like} other {# likes}}",
  comments: "{count, plural, one {# comment} other {# comments}}",
  views: "{count, plural, one {# view} other {# views}}",
  blindedMember: "Hidden member",
  noIntroduction: "No introduction yet.",
  area: {
    board: "Boards",
    guestbook: "Guestbook",
    market: "Market",
    member: "Members",
  },
  error: {
    query_required: "Enter something to search for.",
    query_too_short: "Enter {min} or more characters to search.",
    query_too_long: "Search words can be at most {max} characters.",
    cursor_invalid: "That page of results is not valid. Please search again.",
    area_unknown: "There is no such search area.",
  },
};
