export * from "./buildings";
export * from "./ledger";
export * from "./mail";
export * from "./otp";
export * from "./payments";
export * from "./purchases";
export * from "./sandbox";
export * from "./users";
