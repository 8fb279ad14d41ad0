export * from "./definition";
