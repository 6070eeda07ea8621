import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { PanelCreateBody } from "@pickle-garden/shared";
import { loadConfig } from "../config.ts";
import { GameError } from "../game/GameError.ts";
import { createPanel, updatePanel } from "../game/panels.ts";
import { createStore } from "../store/createStore.ts";
import type { Store } from "../store/Store.ts";

/**
 * Panel authoring for operators, straight to the store named by the environment (DATA_DIR or MONGODB_URI):
 *
 *   npx tsx server/src/cli/panels.ts list
 *   npx tsx server/src/cli/panels.ts create --title "Patch 1.2" --body "New monsters!" [--id patch-1-2] [--sticky]
 *   npx tsx server/src/cli/panels.ts create --type poll --title "Next boss?" --option beetle=Beetle --option mosquito=Mosquito
 *   npx tsx server/src/cli/panels.ts update <id> [--title …] [--body …]   (a content change shows it again to everyone)
 *   npx tsx server/src/cli/panels.ts close <id>
 */

const USAGE = `usage: panels.ts list | create --title T [--type message|poll] [--body B] [--id ID] [--option id=label]... [--sticky] | update <id> [--title T] [--body B] | close <id>`;

export async function runPanelsCli(
  argv: string[],
  store: Store,
  now: number,
  out: (line: string) => void,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      type: { type: "string" },
      title: { type: "string" },
      body: { type: "string" },
      id: { type: "string" },
      option: { type: "string", multiple: true },
      sticky: { type: "boolean" },
    },
  });
  const [command, id] = positionals;
  switch (command) {
    case "list": {
      const panels = await store.listActivePanels();
      if (panels.length === 0) out("no active panels");
      for (const p of panels) {
        const votes =
          p.type === "poll" ? ` votes=${JSON.stringify(await store.voteCountsByAccount(p._id))}` : "";
        out(`${p._id} v${p.version} ${p.type} "${p.title}"${p.dismissible ? "" : " (sticky)"}${votes}`);
      }
      return 0;
    }
    case "create": {
      const options = (values.option ?? []).map((o) => {
        const eq = o.indexOf("=");
        return eq > 0 ? { id: o.slice(0, eq), label: o.slice(eq + 1) } : { id: o, label: o };
      });
      const body: PanelCreateBody = {
        type: values.type === "poll" ? "poll" : "message",
        title: values.title ?? "",
        body: values.body ?? "",
        dismissible: !values.sticky,
        options,
        ...(values.id ? { _id: values.id } : {}),
      };
      const panel = await createPanel(store, body, now);
      out(`created ${panel._id} v${panel.version}`);
      return 0;
    }
    case "update":
    case "close": {
      if (!id) break;
      const patch =
        command === "close"
          ? { active: false }
          : {
              ...(values.title ? { title: values.title } : {}),
              ...(values.body !== undefined ? { body: values.body } : {}),
            };
      const panel = await updatePanel(store, id, patch, now);
      out(`${command === "close" ? "closed" : "updated"} ${panel._id} v${panel.version}`);
      return 0;
    }
    default:
      break;
  }
  out(USAGE);
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  const store = await createStore(config);
  try {
    process.exitCode = await runPanelsCli(process.argv.slice(2), store, Date.now(), (l) => console.log(l));
  } catch (error) {
    console.error(error instanceof GameError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}
