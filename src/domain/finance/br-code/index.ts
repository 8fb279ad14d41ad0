export * from "./br-code";
export * from "./parse-br-code";
