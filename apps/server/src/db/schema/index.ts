export * from "./buildings";
export * from "./mail";
export * from "./otp";
export * from "./users";
