/** Korean messages of the API's refusals (part of the catalogue in ../ko.ts). */
export const koApi = {
  notFound: "요청한 API를 찾을 수 없습니다.",
  unknownFilterTable: "알 수 없는 필터 테이블입니다: {tableName}",
  missingTableName: "tableName 파라미터가 필요합니다.",
  invalidQuery: "요청 파라미터 형식이 올바르지 않습니다.",
  payloadTooLarge: "요청 본문이 너무 큽니다.",
  lengthRequired: "요청 본문의 길이가 없습니다. 길이를 밝힌 요청만 받습니다.",
  malformedBody: "요청 본문을 해석할 수 없습니다.",
  internal: "서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  databaseUnavailable: "데이터베이스에 연결할 수 없습니다.",
  addressNotFound: "주소를 찾을 수 없습니다.",
  addressLookupFailed: "주소 검색에 실패했습니다. 잠시 후 다시 시도해 주세요.",
};
