import { createDataNames } from "./dataNames.ts";
import { i18n } from "./index.ts";

/** The names of the game data in the website's language (dataNames.ts holds how each is made). */
export {
  affixTextKeys,
  itemNameKeys,
  locationNameKeys,
  monsterNameKeys,
  nodeNameKeys,
  spellNameKeys,
} from "./dataNames.ts";

export const {
  nodeName,
  itemName,
  itemDescription,
  monsterName,
  bossName,
  locationName,
  spellName,
  affixText,
  actionPlace,
  questTitle: questTitleIn,
} = createDataNames({ t: (key, params) => i18n.t(key, params), exists: (key) => i18n.exists(key) });
