export * from "./jobs";
export * from "./reference";
