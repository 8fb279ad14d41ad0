export * from "./auth";
export * from "./rate-limits";
