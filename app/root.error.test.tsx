import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

/** An error answer as React Router hands it to the boundary (what `throw data(…, { status })` becomes). */
const answered = (status: number, statusText = "") => ({ status, statusText, internal: false, data: "" });

function titleOf(path: string, error: unknown) {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <ErrorBoundary {...({ error } as Parameters<typeof ErrorBoundary>[0])} />
    </MemoryRouter>,
  );
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

describe("the error page's title", () => {
  it("names a malformed request as one, in the reader's language", () => {
    expect(titleOf("/login", answered(400))).toBe(
      "400 - 잘못된 요청입니다. 주소를 확인해 주세요. | 모토메이트",
    );
    expect(titleOf("/en/login", answered(400))).toMatch(/^400 - [^|]+ \| Moto Mate$/);
    expect(titleOf("/en/login", answered(400))).not.toContain("서버");
  });

  it("keeps a refusal's own localised text", () => {
    expect(titleOf("/board/write", answered(403, "작성자만 수정할 수 있습니다."))).toBe(
      "403 - 작성자만 수정할 수 있습니다. | 모토메이트",
    );
  });
});
