import { PermissionFlagsBits, SlashCommandBuilder } from "discord.js";

/** The slash commands: /garden for every player, /panel for those who manage the server. */
export function commandDefinitions() {
  const garden = new SlashCommandBuilder()
    .setName("garden")
    .setDescription("Your Pickle Garden")
    .setDescriptionLocalizations({ fr: "Votre Pickle Garden" })
    .addSubcommand((s) =>
      s
        .setName("status")
        .setDescription("What you are doing, your levels and RP")
        .setDescriptionLocalizations({ fr: "Votre activité, vos niveaux et vos PR" }),
    )
    .addSubcommand((s) =>
      s
        .setName("summaries")
        .setDescription("Welcome-back summaries by DM")
        .setDescriptionLocalizations({ fr: "Résumés de retour en message privé" })
        .addStringOption((o) =>
          o
            .setName("state")
            .setDescription("on or off")
            .setDescriptionLocalizations({ fr: "activés ou non" })
            .setRequired(true)
            .addChoices({ name: "on", value: "on" }, { name: "off", value: "off" }),
        ),
    );
  const panel = new SlashCommandBuilder()
    .setName("panel")
    .setDescription("Announcements and polls shown in the game and here")
    .setDescriptionLocalizations({ fr: "Annonces et sondages, dans le jeu et ici" })
    // visible to Manage Server by default; the handler checks again (and lets ADMIN_DISCORD_IDS in)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s
        .setName("create")
        .setDescription("Post a message, or a poll when options are given")
        .addStringOption((o) =>
          o.setName("title").setDescription("Title").setRequired(true).setMaxLength(200),
        )
        .addStringOption((o) => o.setName("body").setDescription("Text").setMaxLength(4000))
        .addStringOption((o) =>
          o.setName("options").setDescription("Poll options, comma-separated (2 to 10)"),
        )
        .addStringOption((o) =>
          o.setName("id").setDescription("Panel id (letters, digits, _ or -)").setMaxLength(64),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName("update")
        .setDescription("Change a panel's title or text")
        .addStringOption((o) => o.setName("id").setDescription("Panel id").setRequired(true))
        .addStringOption((o) => o.setName("title").setDescription("New title").setMaxLength(200))
        .addStringOption((o) => o.setName("body").setDescription("New text").setMaxLength(4000)),
    )
    .addSubcommand((s) =>
      s
        .setName("close")
        .setDescription("Close a panel (a poll shows its final counts)")
        .addStringOption((o) => o.setName("id").setDescription("Panel id").setRequired(true)),
    );
  return [garden.toJSON(), panel.toJSON()];
}
