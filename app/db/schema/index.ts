export * from "./auth";
export * from "./jobs";
export * from "./reference";
export * from "./relations";
export * from "./ledger";
export * from "./profile";
export * from "./support";
export * from "./community";
