import { answerOf, errorStatus } from "#app/shell/domain.server";
import { describe, expect, it } from "vitest";
import { onboardingStates, reportStatuses } from "#app/db/schema";
import { reportMachine } from "./board/report-machine";
import { onboardingPage } from "./members/onboarding";
import { onboardingMachine } from "./members/onboarding-machine";
import {
  allowedTransitions,
  checkTransition,
  defineMachine,
  isFinal,
  MachineDefinitionError,
  transitionRefused,
} from "./state-machine";

const door = {
  name: "door",
  states: ["closed", "open", "locked"],
  roles: ["owner", "guest", "system"],
  initial: "closed",
  transitions: [
    { name: "open", from: ["closed"], to: "open", actors: ["owner", "guest"] },
    { name: "close", from: ["open"], to: "closed", actors: ["owner", "guest", "system"] },
    { name: "lock", from: ["closed"], to: "locked", actors: ["owner"] },
  ],
} as const;

describe("defining a machine", () => {
  it("accepts a graph that holds together, and freezes it", () => {
    const machine = defineMachine(door);
    expect(machine.states).toEqual(["closed", "open", "locked"]);
    expect(Object.isFrozen(machine)).toBe(true);
    expect(Object.isFrozen(machine.transitions[0]!.actors)).toBe(true);
  });

  it.each([
    ["no states", { states: [], transitions: [] }, /no states/],
    ["a state listed twice", { states: ["closed", "open", "locked", "open"] }, /state is listed twice/],
    ["an unknown initial state", { initial: "ajar" }, /initial state "ajar"/],
    ["a role listed twice", { roles: ["owner", "guest", "system", "guest"] }, /role is listed twice/],
    [
      "a duplicate transition name",
      {
        transitions: [...door.transitions, { name: "open", from: ["locked"], to: "open", actors: ["owner"] }],
      },
      /"open" is defined twice/,
    ],
    [
      "an unknown source state",
      { transitions: [...door.transitions, { name: "kick", from: ["ajar"], to: "open", actors: ["guest"] }] },
      /unknown state "ajar"/,
    ],
    [
      "an unknown target state",
      {
        transitions: [
          ...door.transitions,
          { name: "kick", from: ["closed"], to: "broken", actors: ["guest"] },
        ],
      },
      /unknown state "broken"/,
    ],
    [
      "an unknown role",
      {
        transitions: [...door.transitions, { name: "kick", from: ["closed"], to: "open", actors: ["thief"] }],
      },
      /unknown role "thief"/,
    ],
    [
      "a transition nobody may take",
      { transitions: [...door.transitions, { name: "unlock", from: ["locked"], to: "closed", actors: [] }] },
      /nobody may take the transition "unlock"/,
    ],
    [
      "a transition from no state",
      { transitions: [...door.transitions, { name: "unlock", from: [], to: "closed", actors: ["owner"] }] },
      /"unlock" starts from no state/,
    ],
    ["an unreachable state", { transitions: door.transitions.slice(0, 2) }, /no transition reaches "locked"/],
  ])("refuses %s", (_, change, message) => {
    const define = () => defineMachine({ ...door, ...change } as never);
    expect(define).toThrow(MachineDefinitionError);
    expect(define).toThrow(message);
  });

  it("counts a state reached only through another reachable one", () => {
    const chain = defineMachine({
      name: "chain",
      states: ["a", "b", "c"],
      roles: ["system"],
      initial: "a",
      transitions: [
        { name: "second", from: ["b"], to: "c", actors: ["system"] },
        { name: "first", from: ["a"], to: "b", actors: ["system"] },
      ],
    });
    expect(isFinal(chain, "c")).toBe(true);
    expect(isFinal(chain, "b")).toBe(false);
  });
});

describe("asking a machine", () => {
  const machine = defineMachine(door);

  it("lists the transitions a role may take from a state, in the machine's order", () => {
    expect(allowedTransitions(machine, "closed", "owner")).toEqual(["open", "lock"]);
    expect(allowedTransitions(machine, "closed", "guest")).toEqual(["open"]);
    expect(allowedTransitions(machine, "closed", "system")).toEqual([]);
    expect(allowedTransitions(machine, "locked", "owner")).toEqual([]);
  });

  it("tells a transition that does not leave the state from one the role may not take", () => {
    expect(checkTransition(machine, "closed", "lock", "owner")).toEqual({ ok: true, to: "locked" });
    expect(checkTransition(machine, "closed", "lock", "guest")).toEqual({
      ok: false,
      refusal: "transition_forbidden",
    });
    expect(checkTransition(machine, "open", "lock", "owner")).toEqual({
      ok: false,
      refusal: "transition_not_allowed",
    });
    expect(checkTransition(machine, "open", "fly" as never, "owner")).toEqual({
      ok: false,
      refusal: "transition_not_allowed",
    });
  });

  it("refuses with domain errors that name the refusal, answered with their status and message", () => {
    expect(transitionRefused("transition_forbidden")).toMatchObject({
      area: "machine",
      code: "transition_forbidden",
    });
    expect(answerOf("machine", "transition_forbidden")).toEqual({
      status: 403,
      messageKey: "machine.error.transition_forbidden",
    });
    expect(errorStatus(transitionRefused("transition_conflict"))).toBe(409);
    expect(errorStatus(transitionRefused("transition_not_allowed"))).toBe(409);
    expect(errorStatus(transitionRefused("not_found"))).toBe(404);
  });
});

describe("the product's machines", () => {
  it("use exactly the states their columns accept", () => {
    expect(reportMachine.states).toEqual(reportStatuses);
    expect(onboardingMachine.states).toEqual(onboardingStates);
  });

  it("let only an acting administrator close an open report", () => {
    expect(allowedTransitions(reportMachine, "open", "admin")).toEqual(["resolve", "dismiss"]);
    expect(allowedTransitions(reportMachine, "open", "member")).toEqual([]);
    expect(allowedTransitions(reportMachine, "resolved", "admin")).toEqual([]);
    expect(allowedTransitions(reportMachine, "dismissed", "admin")).toEqual([]);
  });

  it("lead a member through the first-login pages in order, and nowhere once welcomed", () => {
    expect(onboardingPage("signed_up")).toBe("/login/new");
    expect(onboardingPage("profile_saved")).toBe("/login/welcome");
    expect(onboardingPage("welcomed")).toBeNull();
    expect(allowedTransitions(onboardingMachine, "profile_saved", "admin")).toEqual([]);
  });
});
