import { setSessionToken } from "../src/api/http.ts";
import { disconnectSocket } from "../src/api/socket.ts";
import { resetSessionControl } from "../src/session/sessionControl.ts";
import { initialChatState, useChatStore } from "../src/stores/chatStore.ts";
import { clearPlayer } from "../src/stores/playerStore.ts";
import { initialRoomState, ROOM_KEY, useRoomStore } from "../src/stores/roomStore.ts";
import { initialSessionState, useSessionStore } from "../src/stores/sessionStore.ts";
import { clearMessages, useUiStore } from "../src/stores/uiStore.ts";

export function resetStores(): void {
  disconnectSocket();
  setSessionToken(null);
  clearPlayer();
  useSessionStore.setState({ ...initialSessionState });
  useUiStore.setState({ drawerOpen: false });
  clearMessages();
  window.localStorage.removeItem(ROOM_KEY);
  useRoomStore.setState(initialRoomState());
  useChatStore.setState(initialChatState());
  resetSessionControl();
}
