import { describe, expect, it } from "vitest";
import { translate } from ".";
import { formatMessage, formatNumber, messageArguments } from "./message";

describe("catalogue messages", () => {
  it("fill plain values and leave the ones not given as written", () => {
    expect(formatMessage("en", "Hello {name}, '{title}'", { name: "Minsu", title: "Ride" })).toBe(
      "Hello Minsu, 'Ride'",
    );
    expect(formatMessage("en", "Hello {name}")).toBe("Hello {name}");
    expect(formatMessage("en", "{count}/{max} characters", { count: 3 })).toBe("3/{max} characters");
    expect(formatMessage("ko", "{ 괄호 } # 그대로")).toBe("{ 괄호 } # 그대로");
  });

  it("choose the plural form by the language's rules, with exact matches first", () => {
    const likes = "{count, plural, one {# like} other {# likes}}";
    expect(formatMessage("en", likes, { count: 0 })).toBe("0 likes");
    expect(formatMessage("en", likes, { count: 1 })).toBe("1 like");
    expect(formatMessage("en", likes, { count: 2 })).toBe("2 likes");
    expect(formatMessage("en", likes, { count: 1234 })).toBe("1,234 likes");
    expect(formatMessage("ko", "{count, plural, other {좋아요 #개}}", { count: 1 })).toBe("좋아요 1개");
    const posts = "{count, plural, =0 {no posts} one {# post by {name}} other {# posts}}";
    expect(formatMessage("en", posts, { count: 0, name: "x" })).toBe("no posts");
    expect(formatMessage("en", posts, { count: 1, name: "Minsu" })).toBe("1 post by Minsu");
    expect(formatMessage("en", likes, { count: "1" })).toBe("1 like");
  });

  it("group numbers with commas, without the runtime's locale data", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(-35000)).toBe("-35,000");
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(formatMessage("ko", "{amount, number}원", { amount: 35000 })).toBe("35,000원");
  });

  it("name every value a message takes, inside plural branches too", () => {
    expect(messageArguments("{a} {b, number} {c, plural, one {# {d}} other {#}}")).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(messageArguments("'{title}' #")).toEqual(["title"]);
  });

  it("say 1 like, 1 comment and 1 view in English, and the counts in Korean", () => {
    expect(translate("en", "board.list.likes", { count: 1 })).toBe("1 like");
    expect(translate("en", "board.list.likes", { count: 2 })).toBe("2 likes");
    expect(translate("en", "board.list.comments", { count: 1 })).toBe("1 comment");
    expect(translate("en", "board.article.views", { count: 1 })).toBe("1 view");
    expect(translate("en", "board.article.views", { count: 1500 })).toBe("1,500 views");
    expect(translate("en", "comment.likeCount", { count: 1 })).toBe("1 like");
    expect(translate("en", "comment.commentCount", { count: 1 })).toBe("1 comment");
    expect(translate("en", "comment.keepCount", { count: 1 })).toBe("1 keep");
    expect(translate("en", "comment.replies", { count: 1 })).toBe("1 reply");
    expect(translate("en", "search.views", { count: 1 })).toBe("1 view");
    expect(translate("en", "header.alarms.unread", { count: 1 })).toBe("1 unread notification");
    expect(translate("ko", "board.list.likes", { count: 1 })).toBe("좋아요 1");
    expect(translate("ko", "comment.likeCount", { count: 1200 })).toBe("좋아요 1,200개");
  });
});
