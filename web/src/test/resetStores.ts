import { setSessionToken } from "../api/http.ts";
import { disconnectSocket } from "../api/socket.ts";
import { resetSessionControl } from "../session/sessionControl.ts";
import { initialChatState, useChatStore } from "../stores/chatStore.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import { initialRoomState, ROOM_KEY, useRoomStore } from "../stores/roomStore.ts";
import { initialSessionState, useSessionStore } from "../stores/sessionStore.ts";
import { clearMessages, useUiStore } from "../stores/uiStore.ts";

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
