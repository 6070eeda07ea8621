export { App, type AppProps } from "./App.tsx";
export { ApiError, http, setApiBase, setSessionRecovery, setSessionToken } from "./api/http.ts";
export {
  connectSocket,
  disconnectSocket,
  emit,
  emitWithAck,
  onServerEvent,
} from "./api/socket.ts";
export type {
  PriceAnswer,
  PurchaseOutcome,
  SubscriptionShop,
} from "./features/subscription/subscriptionStore.ts";
export { i18n, i18nReady, loadGameTexts } from "./i18n/index.ts";
export { actionPlace } from "./i18n/names.ts";
export { type SafeStorage, safeSessionStorage } from "./safeStorage.ts";
export { setActivitySessionToken } from "./session/sessionController.ts";
export { ActivityCard } from "./shell/ActivityCard.tsx";
export { Avatar } from "./social/Avatar.tsx";
export { refreshPlayer, usePlayer, usePlayerStore } from "./stores/playerStore.ts";
export { setInstanceRoom, setRoom, useRoomStore } from "./stores/roomStore.ts";
export { useSessionStore } from "./stores/sessionStore.ts";
