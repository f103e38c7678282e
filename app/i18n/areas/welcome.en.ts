import type { Widen } from "../widen";
import type { koWelcome } from "./welcome.ko";

/** English messages of the welcome page after sign-up. */
export const enWelcome: Widen<typeof koWelcome> = {
  title: "Welcome",
  text: "Welcome to Moto Mate, {nickname}!",
  granted: "We gave you {amount}P of welcome points.",
  already: "You have already received your welcome points.",
  offer: "Here are {amount}P of welcome points for you.",
  claim: "Take the points and get started",
  start: "Get started",
  points: "See your points",
};
