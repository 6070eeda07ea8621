import { shownName } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { usePlayer } from "../stores/playerStore.ts";

/** The player's own name as shown: the default guest name in the reader's language, any other as it is. */
export function useShownName(): string | undefined {
  const { t } = useTranslation("social");
  const username = usePlayer((p) => p.username);
  return username === undefined ? undefined : shownName(username, t("guestName"));
}
