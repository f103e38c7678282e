import { areaErrors } from "#app/services/error-model";

/** Refusals of members' inquiries and their answers. */
export const inquiryErrors = areaErrors("inquiry.error", {
  title_required: 400,
  title_length: 400,
  body_required: 400,
  body_length: 400,
  answer_required: 400,
  not_found: 404,
  forbidden: 403,
});
