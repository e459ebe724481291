export { createSwishSimulator, type SwishSimulator, type SwishSimulatorOptions } from "./create-swish-simulator";
export { createFileSwishStore } from "./file-store";
export { createMemorySwishStore, type SimulatedPaymentRequest, type SwishSimulatorStore } from "./store";
export { PAYMENT_REQUEST_TIMEOUT_MS, SwishSimulatorStateError } from "./simulator-engine";
export { createFileSwishRefundStore, createMemorySwishRefundStore, type SwishRefundStore } from "./refund-store";
export { stateDirSwishSimulator } from "./state-dir-simulator";
