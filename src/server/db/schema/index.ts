export * from "./auth";
export * from "./outbox";
export * from "./rate-limits";
export * from "./requests";
export * from "./vagas";
