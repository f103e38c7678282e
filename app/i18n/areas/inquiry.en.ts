import type { Widen } from "../widen";
import type { koInquiry } from "./inquiry.ko";

/** English messages of inquiries to the operators. */
export const enInquiry: Widen<typeof koInquiry> = {
  title: "1:1 inquiry",
  text: "Tell us what you would like to know or what went wrong. An administrator answers on this page.",
  subject: "Subject",
  body: "Message",
  submit: "Send inquiry",
  sent: "Your inquiry was sent. The answer will appear on this page.",
  mine: "My inquiries",
  empty: "You have not sent any inquiry.",
  waiting: "Waiting for an answer",
  answeredOn: "Answered {date}",
  adminTitle: "1:1 inquiries",
  from: "Inquiry from {nickname}",
  answer: "Answer",
  answerSubmit: "Post answer",
  answerDone: "The answer was posted.",
  error: {
    title_required: "Please enter a subject.",
    title_length: "The subject may have at most 100 characters.",
    body_required: "Please enter a message.",
    body_length: "The message may have at most 2000 characters.",
    answer_required: "Please enter an answer.",
    not_found: "The inquiry was not found.",
    forbidden: "Only administrators may see this.",
  },
};
