import type { MeetingKind, MeetingRequestFields } from "#app/db/schema";

/** The request form's fields a meeting keeps, in the order the form asks for them (labels: `meeting.request.*`). */
const kindFields = {
  owner: ["model", "question"],
  repair: ["model", "repairOption", "symptom"],
  coaching: ["goal", "experience"],
  rescue: ["situation"],
  pickup: ["startAddress", "destinationAddress", "pickupAt", "item", "distanceKm", "minutes"],
} as const satisfies Record<MeetingKind, readonly string[]>;

type RequestDetailName = (typeof kindFields)[MeetingKind][number] | "wishAt" | "memo" | "locationName";

/** A field whose value is a reference code, and the filter table that names it. */
const codedFields = { repairOption: "repairSkill", item: "pickupItem" } as const;
type CodedField = keyof typeof codedFields;

/** A reference code's label in both languages, by table and code. */
export type CodeLabels = Partial<Record<(typeof codedFields)[CodedField], ReadonlyMap<string, Label>>>;
type Label = { ko: string; en: string };

/** One thing the requester wrote, as both sides read it: the text, a code's label, a moment or a number. */
export type RequestDetail = { name: RequestDetailName } & (
  | { type: "text"; text: string }
  | { type: "label"; label: Label }
  | { type: "at"; at: string }
  | { type: "number"; number: number }
);

/** What a meeting keeps of its request. */
export interface RequestRecord {
  kind: MeetingKind;
  request: MeetingRequestFields;
  wishAt: Date | null;
  memo: string;
  requestAreaName: string | null;
}

const momentFields: ReadonlySet<string> = new Set(["pickupAt"]);

function detailOf(name: RequestDetailName, value: unknown, labels: CodeLabels): RequestDetail | null {
  if (typeof value === "number" && Number.isFinite(value)) return { name, type: "number", number: value };
  if (typeof value !== "string" || value.trim() === "") return null;
  if (name in codedFields) {
    const label = labels[codedFields[name as CodedField]]?.get(value);
    return { name, type: "label", label: label ?? { ko: value, en: value } };
  }
  if (momentFields.has(name)) return { name, type: "at", at: value };
  return { name, type: "text", text: value };
}

/**
 * The request's details in the form's order: the kind's own fields, then the wished time, the memo and the place in
 * words. Empty answers are left out; a code reads as its label (the code itself if the table no longer has it).
 */
export function requestDetailsOf(record: RequestRecord, labels: CodeLabels): RequestDetail[] {
  const details: Array<RequestDetail | null> = kindFields[record.kind].map((name) =>
    detailOf(name, record.request[name], labels),
  );
  details.push(
    record.wishAt ? { name: "wishAt", type: "at", at: record.wishAt.toISOString() } : null,
    detailOf("memo", record.memo, labels),
    detailOf("locationName", record.requestAreaName, labels),
  );
  return details.filter((detail): detail is RequestDetail => detail !== null);
}

/** The filter tables the requests of these kinds name codes from. */
export function codeTablesOf(kinds: Iterable<MeetingKind>): Array<(typeof codedFields)[CodedField]> {
  const tables = new Set<(typeof codedFields)[CodedField]>();
  for (const kind of kinds)
    for (const name of kindFields[kind] as readonly string[])
      if (name in codedFields) tables.add(codedFields[name as CodedField]);
  return [...tables];
}
