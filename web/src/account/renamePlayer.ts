import { UsernameAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";

/** PATCH /api/user/username; the player shows the name the server kept (the only thing a rename changes). */
export async function renamePlayer(value: string): Promise<string> {
  const { username } = await http.patch(
    "/api/user/username",
    { username: value },
    { schema: UsernameAnswerSchema },
  );
  const player = usePlayerStore.getState().player;
  if (player) setPlayer({ ...player, username });
  return username;
}
