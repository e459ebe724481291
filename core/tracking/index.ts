export * from "./analytics-keys";
export * from "./failure-events";
export * from "./web-event-schema";
export * from "./stored-web-event";
