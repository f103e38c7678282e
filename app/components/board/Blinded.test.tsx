import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Blinded } from "./Blinded";

function render(path: string, comment: boolean) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <Blinded blinded comment={comment}>
        <p>숨겨진 내용</p>
      </Blinded>
    </MemoryRouter>,
  );
}

describe("content of a hidden member", () => {
  it("says whether it is a post or a comment, in both languages, and hides the content", () => {
    expect(render("/board/free/1", false)).toContain("숨긴 회원의 글입니다.");
    expect(render("/board/free/1", true)).toContain("숨긴 회원의 댓글입니다.");
    expect(render("/en/board/free/1", false)).toContain("This is a post from a member you hid.");
    expect(render("/en/board/free/1", true)).toContain("This is a comment from a member you hid.");
    expect(render("/board/free/1", true)).not.toContain("숨겨진 내용");
  });
});
