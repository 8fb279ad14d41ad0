export * from "./auth";
export * from "./job-openings";
export * from "./outbox";
export * from "./pending-sign-ups";
export * from "./planning";
export * from "./rate-limits";
export * from "./requests";
export * from "./review";
