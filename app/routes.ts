import {
  index,
  layout,
  prefix,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";

/**
 * Every page exists twice: Korean at the root and English under /en. The same modules serve both; route ids carry
 * the language so they stay unique. Layouts are chosen here by nesting.
 */
function pages(language: "ko" | "en"): RouteConfigEntry[] {
  const id = (name: string) => (language === "ko" ? name : `en/${name}`);
  return [
    layout("layouts/default.tsx", { id: id("layout-default") }, [
      index("routes/home.tsx", { id: id("home") }),
      route("setting/account", "routes/setting/account.tsx", { id: id("setting-account") }),
      route("setting/account/:outcome", "routes/setting/account-return.tsx", {
        id: id("setting-account-return"),
      }),
      route("outbox", "routes/outbox.tsx", { id: id("outbox") }),
      route("setting", "routes/setting/index.tsx", { id: id("setting") }),
      route("setting/blind", "routes/setting/blind.tsx", { id: id("setting-blind") }),
      route("setting/inquiry", "routes/setting/inquiry.tsx", { id: id("setting-inquiry") }),
      route("admin/inquiry", "routes/admin/inquiry.tsx", { id: id("admin-inquiry") }),
      route("admin/jobs", "routes/admin/jobs.tsx", { id: id("admin-jobs") }),
      route("admin/audit", "routes/admin/audit.tsx", { id: id("admin-audit") }),
      route("admin/step-up", "routes/admin/step-up.tsx", { id: id("admin-step-up") }),
      route("admin", "routes/admin/index.tsx", { id: id("admin") }),
      route("admin/members", "routes/admin/members.tsx", { id: id("admin-members") }),
      route("admin/members/:id", "routes/admin/member.tsx", { id: id("admin-member") }),
      route("my/pin", "routes/my/pin.tsx", { id: id("my-pin") }),
      route("point", "routes/point.tsx", { id: id("point") }),
      route("my/point", "routes/point.tsx", { id: id("my-point") }),
      route("profile", "routes/profile/mine.tsx", { id: id("profile-mine") }),
      route("profile/:id", "routes/profile/member.tsx", { id: id("profile-member") }),
      route("profile/:id/reputation", "routes/profile/reputation.tsx", { id: id("profile-reputation") }),
      // Community
      route("board/write", "routes/board/write.tsx", { id: id("board-write") }),
      route("board/guestbook", "routes/board/guestbook/index.tsx", { id: id("guestbook") }),
      route("board/guestbook/write", "routes/board/guestbook/write.tsx", { id: id("guestbook-write") }),
      route("board/guestbook/:boardId", "routes/board/guestbook/article.tsx", {
        id: id("guestbook-article"),
      }),
      route("board/:kind", "routes/board/list.tsx", { id: id("board-list") }),
      route("board/:kind/:boardId", "routes/board/article.tsx", { id: id("board-article") }),
      route("admin/board", "routes/admin/board.tsx", { id: id("admin-board") }),
      // Market
      route("market/write", "routes/market/write.tsx", { id: id("market-write") }),
      route("market/:kind", "routes/market/list.tsx", { id: id("market-list") }),
      route("market/:kind/:boardId", "routes/market/listing.tsx", { id: id("market-listing") }),
      route("inspection/:id", "routes/inspection/inspection.tsx", { id: id("inspection") }),
      route("admin/report", "routes/admin/report.tsx", { id: id("admin-report") }),
      // Motorcycles: catalogue, model pages, comparison, import
      route("specCompare/search", "routes/spec-compare/search.tsx", { id: id("spec-compare-search") }),
      route("specCompare/select", "routes/spec-compare/select.tsx", { id: id("spec-compare-select") }),
      route("specCompare/result", "routes/spec-compare/result.tsx", { id: id("spec-compare-result") }),
      route("motorcycle/:modelId", "routes/motorcycle/model.tsx", { id: id("motorcycle-model") }),
      route("admin/motorcycle", "routes/admin/motorcycle.tsx", { id: id("admin-motorcycle") }),
      // Motorcycles: owner reviews
      route("review/motorcycle/write/search", "routes/review/motorcycle/write-search.tsx", {
        id: id("review-write-search"),
      }),
      route("review/motorcycle/write/confirm", "routes/review/motorcycle/confirm.tsx", {
        id: id("review-write-confirm"),
      }),
      route("review/motorcycle/write", "routes/review/motorcycle/write.tsx", { id: id("review-write") }),
      route("review/motorcycle/hot", "routes/review/motorcycle/hot.tsx", { id: id("review-hot") }),
      route("review/motorcycle/list", "routes/review/motorcycle/list.tsx", { id: id("review-list") }),
      route("review/motorcycle/detail", "routes/review/motorcycle/detail.tsx", { id: id("review-detail") }),
      route("review/motorcycle/my", "routes/my/review.tsx", { id: id("review-my") }),
      route("my/review", "routes/my/review.tsx", { id: id("my-review") }),
      route("review/motorcycle/search", "routes/review/motorcycle/search.tsx", { id: id("review-search") }),
      route("review/motorcycle/search/result", "routes/review/motorcycle/search-result.tsx", {
        id: id("review-search-result"),
      }),
      route("review/gear", "routes/review/gear.tsx", { id: id("review-gear") }),
      // Motorcycles: sparks, podium, gifts
      route("review/motorcycle/spark", "routes/review/spark.ts", { id: id("review-spark") }),
      route("my/spark", "routes/my/spark.tsx", { id: id("my-spark") }),
      // Motorcycles: garage and missing-model reports
      route("report/motorcycle", "routes/report/motorcycle.tsx", { id: id("report-motorcycle") }),
      route("admin/motorcycle-report", "routes/admin/motorcycle-report.tsx", {
        id: id("admin-motorcycle-report"),
      }),
      route("my/garage", "routes/my/garage.tsx", { id: id("my-garage") }),
      route("my/garage/:bikeId/log", "routes/my/service-log.tsx", { id: id("my-service-log") }),
      // Expert exchange: skills, finder, requests, meetings, no-shows, feedback, rescue calls
      route("my/skill", "routes/my/skill.tsx", { id: id("my-skill") }),
      route("meeting/rescue/call", "routes/meeting/rescue-call.tsx", { id: id("meeting-rescue-call") }),
      route("meeting/rescue/calls", "routes/meeting/rescue-calls.tsx", { id: id("meeting-rescue-calls") }),
      route("meeting/:kind", "routes/meeting/kind.tsx", { id: id("meeting-kind") }),
      route("meeting/:kind/search", "routes/meeting/search.tsx", { id: id("meeting-search") }),
      route("meeting/:kind/request", "routes/meeting/request.tsx", { id: id("meeting-request") }),
      route("my/meeting", "routes/my/meeting.tsx", { id: id("my-meeting") }),
      route("my/meeting/:id/refund", "routes/my/meeting-refund.tsx", { id: id("my-meeting-refund") }),
      route("my/feedback", "routes/my/feedback.tsx", { id: id("my-feedback") }),
      route("admin/meeting", "routes/admin/meeting.tsx", { id: id("admin-meeting") }),
      route("admin/no-show", "routes/admin/no-show.tsx", { id: id("admin-no-show") }),
      route("admin/theft", "routes/admin/theft.tsx", { id: id("admin-theft") }),
      route("announce", "routes/announce/index.tsx", { id: id("announce") }),
      route("announce/:tab/:boardId", "routes/announce/article.tsx", { id: id("announce-article") }),
      route("faq", "routes/faq.tsx", { id: id("faq") }),
      route("event", "routes/event/index.tsx", { id: id("event") }),
      route("event/:id", "routes/event/detail.tsx", { id: id("event-detail") }),
      route("admin/community", "routes/admin/community.tsx", { id: id("admin-community") }),
      route("my", "routes/my/index.tsx", { id: id("my") }),
      route("my/alarm", "routes/my/alarm.tsx", { id: id("my-alarm") }),
      route("setting/alarm", "routes/setting/alarm.tsx", { id: id("setting-alarm") }),
      route("my/article", "routes/my/article.tsx", { id: id("my-article") }),
      route("my/comment", "routes/my/comment.tsx", { id: id("my-comment") }),
      route("my/keep", "routes/my/keep.tsx", { id: id("my-keep") }),
      // Coupons: the member's box and the console's page
      route("my/coupon", "routes/my/coupon.tsx", { id: id("my-coupon") }),
      route("admin/coupons", "routes/admin/coupons.tsx", { id: id("admin-coupons") }),
      route("admin/payments", "routes/admin/payments.tsx", { id: id("admin-payments") }),
      // Payments: the member's purchase history and the console's refund requests
      route("setting/purchases", "routes/setting/purchases.tsx", { id: id("setting-purchases") }),
      route("admin/refunds", "routes/admin/refunds.tsx", { id: id("admin-refunds") }),
      route("admin/earnings", "routes/admin/earnings.tsx", { id: id("admin-earnings") }),
      // Settlement: the withdrawal account and the console's page of accounts and locked withdrawal passwords
      route("settlement/account", "routes/settlement/account.tsx", { id: id("settlement-account") }),
      route("admin/settlement", "routes/admin/settlement.tsx", { id: id("admin-settlement") }),
      // Settlement: the expert's withdrawals and tax, and the console's withdrawals
      route("settlement", "routes/settlement/index.tsx", { id: id("settlement") }),
      route("admin/withdrawals", "routes/admin/withdrawals.tsx", { id: id("admin-withdrawals") }),
      route("my/market", "routes/my/market.tsx", { id: id("my-market") }),
      route("search", "routes/search/index.tsx", { id: id("search") }),
      route("search/result", "routes/search/result.tsx", { id: id("search-result") }),
    ]),
    layout("layouts/center.tsx", { id: id("layout-center") }, [
      ...prefix("login", [
        // A plain route, not an index: a form posting to an index route gets "?index" in the address bar.
        route("", "routes/login/index.tsx", { id: id("login") }),
        route("signup", "routes/login/signup.tsx", { id: id("login-signup") }),
        route("two-factor", "routes/login/two-factor.tsx", { id: id("login-two-factor") }),
        route("forgot", "routes/login/forgot.tsx", { id: id("login-forgot") }),
        route("reset", "routes/login/reset.tsx", { id: id("login-reset") }),
        route("new", "routes/login/new.tsx", { id: id("login-new") }),
        route("welcome", "routes/login/welcome.tsx", { id: id("login-welcome") }),
        route("withdrawal", "routes/login/withdrawal.tsx", { id: id("login-withdrawal") }),
        route(":provider", "routes/login/provider.tsx", { id: id("login-provider") }),
      ]),
      route("meeting/feedback", "routes/meeting/feedback.tsx", { id: id("meeting-feedback") }),
      // The withdrawal password and its check before a withdrawal or an account change
      route("setting/security", "routes/setting/security.tsx", { id: id("setting-security") }),
      route("settlement/securityCheck", "routes/settlement/security-check.tsx", {
        id: id("settlement-security-check"),
      }),
      // The local payment gateway's window and receipts (ADR 059); answered only while it is the configured gateway.
      route("pay/local/checkout", "routes/pay/local-checkout.tsx", { id: id("pay-local-checkout") }),
      route("pay/local/receipt/:paymentKey", "routes/pay/local-receipt.tsx", { id: id("pay-local-receipt") }),
      // Where the payment window returns a meeting's payment: confirmed or closed, then back to the room (ADR 061).
      route("meeting/pay/success", "routes/meeting/pay-success.tsx", { id: id("meeting-pay-success") }),
      route("meeting/pay/fail", "routes/meeting/pay-fail.tsx", { id: id("meeting-pay-fail") }),
      ...prefix("policy", [
        index("routes/policy/index.tsx", { id: id("policy") }),
        route(":kind", "routes/policy/document.tsx", { id: id("policy-document") }),
      ]),
    ]),
    layout("layouts/chat.tsx", { id: id("layout-chat") }, [
      route("meeting/:kind/chat", "routes/meeting/chat.tsx", { id: id("meeting-chat") }),
    ]),
    route("logout", "routes/logout.ts", { id: id("logout") }),
    // The console's withdrawal files: the bulk transfer (a POST), the month's withholding and business fees.
    route("admin/withdrawals/export.csv", "routes/admin/withdrawals-export.ts", {
      id: id("admin-withdrawals-export"),
    }),
    route("admin/withdrawals/tax.csv", "routes/admin/withdrawals-tax.ts", {
      id: id("admin-withdrawals-tax"),
    }),
    route("admin/withdrawals/fees.csv", "routes/admin/withdrawals-fees.ts", {
      id: id("admin-withdrawals-fees"),
    }),
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [
  // Map tiles of the local tile source: one route for both languages.
  route("map-tiles/:z/:x/:y", "routes/map-tile.ts", { id: "map-tile" }),
  ...pages("ko"),
  ...prefix("en", pages("en")),
] satisfies RouteConfig;
