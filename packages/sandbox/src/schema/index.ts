export * from "./cards";
export * from "./checkout";
export * from "./payouts";
export * from "./paypal";
export * from "./sandbox-schema";
