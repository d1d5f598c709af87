export * from "./buildings";
export * from "./mail";
export * from "./otp";
export * from "./users";
export * from "./ledger";
export * from "./payments";
export * from "./sandbox";
