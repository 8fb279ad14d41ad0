export * from "./bank-simulator";
export * from "./febraban";
export * from "./layout";
export * from "./occurrences";
export * from "./profiles";
export * from "./remittance";
export * from "./return-file";
export * from "./validation";
