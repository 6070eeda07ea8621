import { SERVER_EVENT_SCHEMAS, type ServerEventName } from "@pickle-garden/shared";
import { useSocketStore } from "./socketStore.ts";

/**
 * A server event to its listeners, parsed once with the protocol's schema for it: an unknown event or a
 * payload that does not parse is dropped with a warning. Tests call it to dispatch as the server would.
 */
export function dispatchServerEvent(event: string, raw: unknown): void {
  const listeners = useSocketStore.getState().listeners.get(event);
  if (!listeners?.size) return;
  const schema = Object.hasOwn(SERVER_EVENT_SCHEMAS, event)
    ? SERVER_EVENT_SCHEMAS[event as ServerEventName]
    : undefined;
  const parsed = schema?.safeParse(raw);
  if (!parsed?.success) {
    console.warn(`${event}: unexpected payload`, parsed?.error.issues.slice(0, 3) ?? "not a server event");
    return;
  }
  for (const l of listeners) {
    try {
      l(parsed.data);
    } catch (err) {
      console.error(`socket listener for ${event} failed`, err);
    }
  }
}
