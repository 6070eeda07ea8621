import { useState } from "react";
import { saveUsername } from "../calls/accountCalls.ts";
import { errorText } from "../messages/errorMessages.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";

/** PATCH /api/user/username; the player shows the name the server kept (the only thing a rename changes). */
export async function renamePlayer(value: string): Promise<string> {
  const { username } = await saveUsername(value);
  const player = usePlayerStore.getState().player;
  if (player) setPlayer({ ...player, username });
  return username;
}

export type RenameState = { kind: "idle" | "saving" | "saved" } | { kind: "error"; text: string };

/** A rename form's state and its submit handler: saving while the call runs, then saved or its error. */
export function useRename(): {
  state: RenameState;
  submit: (e: React.FormEvent, value: string) => Promise<void>;
} {
  const [state, setState] = useState<RenameState>({ kind: "idle" });
  const submit = async (e: React.FormEvent, value: string) => {
    e.preventDefault();
    setState({ kind: "saving" });
    try {
      await renamePlayer(value);
      setState({ kind: "saved" });
    } catch (err) {
      setState({ kind: "error", text: errorText(err) });
    }
  };
  return { state, submit };
}
