import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AddressLookupError, AddressNotFoundError, type AddressResult } from "#app/platform/address.server";
import {
  createAddressProvider,
  createGazetteerProvider,
  createKakaoLocalProvider,
  searchAddress,
} from "./address-provider.server";

// Contract test of the Kakao Local adapter against a local server speaking Kakao's address search protocol.

const API_KEY = "kakao_rest_7f3e9a1c55d04b2e";

interface Request {
  method: string | undefined;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

type Answer = { status: number; body: string } | "hang";

let requests: Request[] = [];
let answer: Answer;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method, path: url.pathname, query: url.searchParams, headers: req.headers });
    if (answer === "hang") return;
    res.writeHead(answer.status, { "Content-Type": "application/json;charset=UTF-8" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  answer = { status: 200, body: JSON.stringify(yeouidoAnswer) };
});

const yeouidoAnswer = {
  documents: [
    {
      address_name: "서울 영등포구 여의도동",
      address_type: "REGION",
      x: "126.924776214391",
      y: "37.5250227659958",
      address: {
        address_name: "서울 영등포구 여의도동",
        region_1depth_name: "서울",
        region_2depth_name: "영등포구",
        region_3depth_name: "여의도동",
        region_3depth_h_name: "여의동",
        h_code: "1156054000",
        b_code: "1156011000",
        mountain_yn: "N",
        main_address_no: "",
        sub_address_no: "",
        x: "126.924776214391",
        y: "37.5250227659958",
      },
      road_address: null,
    },
    {
      address_name: "경기 성남시 분당구 판교역로 166",
      address_type: "ROAD_ADDR",
      x: "127.110449292622",
      y: "37.3952969470752",
      address: null,
      road_address: {
        address_name: "경기 성남시 분당구 판교역로 166",
        region_1depth_name: "경기",
        region_2depth_name: "성남시 분당구",
        region_3depth_name: "백현동",
        road_name: "판교역로",
        underground_yn: "N",
        main_building_no: "166",
        sub_building_no: "",
        building_name: "카카오 판교아지트",
        zone_no: "13529",
        x: "127.110449292622",
        y: "37.3952969470752",
      },
    },
    {
      address_name: "세종특별자치시 한누리대로 2130",
      address_type: "ROAD_ADDR",
      x: "127.289039",
      y: "36.480132",
      address: {
        address_name: "세종특별자치시 보람동 600",
        region_1depth_name: "세종특별자치시",
        region_2depth_name: "",
        region_3depth_name: "보람동",
        x: "127.289039",
        y: "36.480132",
      },
      road_address: null,
    },
    {
      address_name: "강원특별자치도 춘천시 중앙로 1",
      address_type: "ROAD_ADDR",
      x: "127.7298",
      y: "37.8854",
      address: {
        address_name: "강원특별자치도 춘천시 봉의동 15",
        region_1depth_name: "강원특별자치도",
        region_2depth_name: "춘천시",
        region_3depth_name: "봉의동",
        x: "127.7298",
        y: "37.8854",
      },
      road_address: null,
    },
  ],
  meta: { is_end: true, pageable_count: 4, total_count: 4 },
};

function kakao(options: { timeoutMs?: number } = {}) {
  return createKakaoLocalProvider({ apiKey: API_KEY, baseUrl, timeoutMs: options.timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<AddressLookupError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AddressLookupError);
  const lookup = error as AddressLookupError;
  expect(lookup.code).toBe("address_lookup_failed");
  expect(lookup.message).not.toContain(API_KEY);
  expect(String(lookup.cause ?? "")).not.toContain(API_KEY);
  return lookup;
}

describe("Kakao Local provider", () => {
  it("asks Kakao's address search with the KakaoAK key and maps the documents", async () => {
    const provider = kakao();
    expect(provider.kind).toBe("kakao");
    const results = await provider.search("여의도동", "ko");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("GET");
    expect(request!.path).toBe("/v2/local/search/address.json");
    expect(request!.query.get("query")).toBe("여의도동");
    expect(request!.query.get("size")).toBe("10");
    expect(request!.headers.authorization).toBe(`KakaoAK ${API_KEY}`);

    expect(results).toEqual<AddressResult[]>([
      {
        label: "서울 영등포구 여의도동",
        simpleAddress: "영등포구",
        lat: 37.5250227659958,
        lng: 126.924776214391,
        code: "seoul-yeongdeungpo",
      },
      {
        label: "경기 성남시 분당구 판교역로 166",
        simpleAddress: "성남시 분당구",
        lat: 37.3952969470752,
        lng: 127.110449292622,
        code: "gyeonggi-seongnam-bundang",
      },
      {
        label: "세종특별자치시 한누리대로 2130",
        simpleAddress: "세종특별자치시",
        lat: 36.480132,
        lng: 127.289039,
        code: "sejong",
      },
      {
        label: "강원특별자치도 춘천시 중앙로 1",
        simpleAddress: "춘천시",
        lat: 37.8854,
        lng: 127.7298,
        code: "gangwon-chuncheon",
      },
    ]);
  });

  it("gives the English 시/군/구 name for English pages", async () => {
    const results = await kakao().search("여의도동", "en");
    expect(results.map((result) => result.simpleAddress)).toEqual([
      "Yeongdeungpo-gu",
      "Bundang-gu, Seongnam-si",
      "Sejong",
      "Chuncheon-si",
    ]);
  });

  it("encodes the query and strips a trailing slash from the base URL", async () => {
    await createKakaoLocalProvider({ apiKey: API_KEY, baseUrl: `${baseUrl}/` }).search(
      " 판교역로 166 & 1 ",
      "ko",
    );
    expect(requests[0]!.path).toBe("/v2/local/search/address.json");
    expect(requests[0]!.query.get("query")).toBe("판교역로 166 & 1");
  });

  it("keeps an address outside the gazetteer with Kakao's region name and skips documents without a point", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        documents: [
          {
            address_name: "어딘가 새구 새동",
            x: "127.1",
            y: "37.1",
            address: { region_1depth_name: "어딘가", region_2depth_name: "새구" },
            road_address: null,
          },
          { address_name: "좌표 없음", x: "", y: "", address: null, road_address: null },
        ],
        meta: { is_end: true, pageable_count: 2, total_count: 2 },
      }),
    };
    expect(await kakao().search("새동", "ko")).toEqual([
      { label: "어딘가 새구 새동", simpleAddress: "새구", lat: 37.1, lng: 127.1 },
    ]);
  });

  it("answers an empty list when Kakao finds nothing, and does not ask for a blank query", async () => {
    answer = { status: 200, body: JSON.stringify({ documents: [], meta: { total_count: 0 } }) };
    expect(await kakao().search("없는주소", "ko")).toEqual([]);
    expect(await kakao().search("   ", "ko")).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("throws AddressLookupError without the key when Kakao refuses the key", async () => {
    answer = {
      status: 401,
      body: JSON.stringify({ errorType: "AccessDeniedError", message: `cannot find appKey: ${API_KEY}` }),
    };
    const error = await failure(kakao().search("여의도동", "ko"));
    expect(error.message).toContain("401");
    expect(error.message).toContain("AccessDeniedError");
  });

  it("throws AddressLookupError on a server error or a body that is not Kakao's", async () => {
    answer = { status: 500, body: "<html>Internal Server Error</html>" };
    expect((await failure(kakao().search("여의도동", "ko"))).message).toContain("500");
    answer = { status: 200, body: "not json" };
    await failure(kakao().search("여의도동", "ko"));
    answer = { status: 200, body: JSON.stringify({ meta: {} }) };
    await failure(kakao().search("여의도동", "ko"));
  });

  it("throws AddressLookupError when Kakao does not answer in time", async () => {
    answer = "hang";
    const error = await failure(kakao({ timeoutMs: 200 }).search("여의도동", "ko"));
    expect(error.message).toContain("200 ms");
  });

  it("throws AddressLookupError when Kakao cannot be reached", async () => {
    const provider = createKakaoLocalProvider({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:1" });
    await failure(provider.search("여의도동", "ko"));
  });
});

describe("gazetteer provider", () => {
  it("finds 영등포구 with its public 시/군/구 name in Korean and English", async () => {
    const provider = createGazetteerProvider();
    expect(provider.kind).toBe("gazetteer");
    const [ko] = await provider.search("영등포", "ko");
    expect(ko).toEqual({
      label: "서울특별시 영등포구",
      simpleAddress: "영등포구",
      lat: expect.closeTo(37.526, 1) as number,
      lng: expect.closeTo(126.896, 1) as number,
      code: "seoul-yeongdeungpo",
    });
    const [en] = await provider.search("Yeongdeungpo", "en");
    expect(en).toMatchObject({ label: "Yeongdeungpo-gu, Seoul", simpleAddress: "Yeongdeungpo-gu" });
  });

  it("names a 시/도 in full", async () => {
    const [seoul] = await createGazetteerProvider().search("서울", "ko");
    expect(seoul).toMatchObject({ label: "서울특별시", simpleAddress: "서울특별시", code: "seoul" });
  });
});

describe("searchAddress", () => {
  it("throws AddressNotFoundError when nothing matches", async () => {
    const error = await searchAddress(createGazetteerProvider(), "없는지명xyz", "ko").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AddressNotFoundError);
    expect((error as AddressNotFoundError).code).toBe("address_not_found");
  });

  it("passes the results on when something matches", async () => {
    const results = await searchAddress(createGazetteerProvider(), "분당", "ko");
    expect(results[0]).toMatchObject({ simpleAddress: "성남시 분당구", code: "gyeonggi-seongnam-bundang" });
  });

  it("passes a lookup failure on", async () => {
    answer = { status: 503, body: "{}" };
    await failure(searchAddress(kakao(), "여의도동", "ko"));
  });
});

describe("createAddressProvider", () => {
  it("uses Kakao when a key is set and the gazetteer otherwise", () => {
    expect(createAddressProvider({ kakaoApiKey: API_KEY }).kind).toBe("kakao");
    expect(createAddressProvider({ kakaoApiKey: "  " }).kind).toBe("gazetteer");
    expect(createAddressProvider({}).kind).toBe("gazetteer");
    expect(createAddressProvider().kind).toBe("gazetteer");
  });
});
