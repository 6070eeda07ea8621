import { createDataNames, resources } from "@pickle-garden/web/texts";
import i18next, { type i18n as I18n } from "i18next";

/**
 * The bot's words in English and French, beside the website's own texts (skills, locations, the offline
 * summary's lines) and the game data's names, all through one i18next instance per language.
 */

export type Language = "en" | "fr";

const bot = {
  en: {
    boss: { killed: "🏆 {{names}} beat the {{boss}}, a party boss of the garden!" },
    welcome: {
      title: "Welcome back, {{name}}!",
      away: "You were away for {{time}}.",
      gathered: "Gathered",
      questsReady: "Quests ready to claim",
      crafted: "Crafted",
      fought: "Fought",
      levels: "Levels gained",
      level: "{{skill}} {{from}} → {{to}}",
      xp: "XP per skill",
      bonusXp: "of which {{xp}} XP garden supporter bonus",
      lost: "Lost to a full inventory",
      lostItems_one: "{{n}} item",
      lostItems_other: "{{n}} items",
      craftStopped: "Crafting stopped: the inventory was full.",
      play: "Back to the garden",
      footer: "Turn these messages off with /garden summaries off or in the game's settings.",
    },
    status: {
      title: "{{name}}'s garden",
      notFound: "You have no garden yet: play once at {{url}} and come back.",
      activity: "Activity",
      resting: "Resting at home",
      doing: "{{skill}} at {{location}}",
      progress: "{{pct}}% of the current node",
      nextLevel: "Next {{skill}} level in about {{time}}",
      noPace: "No XP coming in right now",
      levels: "Levels",
      rp: "Research points",
      online: "Playing now",
      offline: "Away",
    },
    summaries: {
      on: "Welcome-back summaries are on: I will DM you what happened while you were away.",
      off: "Welcome-back summaries are off.",
    },
    vote: {
      recorded: "Vote recorded: {{option}}.",
      already: "You already chose {{option}}.",
      closed: "This poll is closed.",
      refused: "Your vote was not counted: {{reason}}",
    },
    panel: {
      forbidden: "Only members with Manage Server (or listed admins) can manage panels.",
      created: "Panel {{id}} created: it will be posted in a moment.",
      updated: "Panel {{id}} updated.",
      closed: "Panel {{id}} closed.",
      failed: "That did not work: {{reason}}",
      votes_one: "{{n}} vote",
      votes_other: "{{n}} votes",
      closedFooter: "Poll closed · final counts",
      openFooter: "Vote with the buttons · one vote per player",
    },
    refused: {
      "panel/unknown": "there is no open panel with that id.",
      "panel/unknown_option": "that poll has no such option.",
      "panel/already_voted": "you already voted on this poll.",
      "store/conflict": "a panel with that id exists already: choose another id.",
      "request/invalid":
        "the panel does not fit: a poll needs 2 to 10 options, and the title, text and options must fit in one Discord message.",
      "request/rate_limited": "too many requests at once: try again in a minute.",
      other: "the garden refused it (error {{status}}).",
    },
    error: "Something went wrong on our side; try again in a moment.",
  },
  fr: {
    boss: { killed: "🏆 {{names}} ont vaincu un boss de groupe du jardin : {{boss}} !" },
    welcome: {
      title: "Bon retour, {{name}} !",
      away: "Vous avez été absent·e {{time}}.",
      gathered: "Récolté",
      questsReady: "Quêtes à réclamer",
      crafted: "Fabriqué",
      fought: "Combattu",
      levels: "Niveaux gagnés",
      level: "{{skill}} {{from}} → {{to}}",
      xp: "XP par compétence",
      bonusXp: "dont {{xp}} XP de bonus de soutien au jardin",
      lost: "Perdu (inventaire plein)",
      lostItems_one: "{{n}} objet",
      lostItems_other: "{{n}} objets",
      craftStopped: "Fabrication arrêtée : l'inventaire était plein.",
      play: "Retour au jardin",
      footer: "Désactivez ces messages avec /garden summaries off ou dans les réglages du jeu.",
    },
    status: {
      title: "Le jardin de {{name}}",
      notFound: "Vous n'avez pas encore de jardin : jouez une fois sur {{url}} puis revenez.",
      activity: "Activité",
      resting: "Au repos à la maison",
      doing: "{{skill}} à {{location}}",
      progress: "{{pct}} % du nœud en cours",
      nextLevel: "Prochain niveau de {{skill}} dans environ {{time}}",
      noPace: "Aucune XP en ce moment",
      levels: "Niveaux",
      rp: "Points de recherche",
      online: "En jeu",
      offline: "Absent·e",
    },
    summaries: {
      on: "Résumés de retour activés : je vous enverrai en message privé ce qui s'est passé pendant votre absence.",
      off: "Résumés de retour désactivés.",
    },
    vote: {
      recorded: "Vote enregistré : {{option}}.",
      already: "Vous avez déjà choisi {{option}}.",
      closed: "Ce sondage est fermé.",
      refused: "Votre vote n'a pas été compté : {{reason}}",
    },
    panel: {
      forbidden: "Seuls les membres avec « Gérer le serveur » (ou les admins listés) gèrent les panneaux.",
      created: "Panneau {{id}} créé : il sera publié dans un instant.",
      updated: "Panneau {{id}} modifié.",
      closed: "Panneau {{id}} fermé.",
      failed: "Ça n'a pas marché : {{reason}}",
      votes_one: "{{n}} vote",
      votes_other: "{{n}} votes",
      closedFooter: "Sondage fermé · résultats finaux",
      openFooter: "Votez avec les boutons · un vote par joueur",
    },
    refused: {
      "panel/unknown": "aucun panneau ouvert ne porte cet identifiant.",
      "panel/unknown_option": "ce sondage n'a pas ce choix.",
      "panel/already_voted": "vous avez déjà voté à ce sondage.",
      "store/conflict": "un panneau porte déjà cet identifiant : choisissez-en un autre.",
      "request/invalid":
        "le panneau ne convient pas : un sondage a de 2 à 10 choix, et le titre, le texte et les choix doivent tenir dans un message Discord.",
      "request/rate_limited": "trop de demandes à la fois : réessayez dans une minute.",
      other: "le jardin a refusé (erreur {{status}}).",
    },
    error: "Un problème est survenu de notre côté ; réessayez dans un instant.",
  },
} as const;

function instance(language: Language): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { ...resources.en, bot: bot.en }, fr: { ...resources.fr, bot: bot.fr } },
    lng: language,
    fallbackLng: "en",
    ns: ["bot", "shell", "pages", "names"],
    defaultNS: "bot",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

export interface Texts {
  language: Language;
  t(key: string, params?: Record<string, unknown>): string;
  names: ReturnType<typeof createDataNames>;
  skill(id: string): string;
  number(n: number, decimals?: number): string;
  duration(ms: number): string;
}

function make(language: Language): Texts {
  const i18n = instance(language);
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params) as string;
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    language,
    t,
    names: createDataNames({ t, exists: (key) => i18n.exists(key) }),
    skill: (id) => (i18n.exists(`shell:skills.${id}`) ? t(`shell:skills.${id}`) : id),
    number: (n, decimals = 0) =>
      decimals === 0
        ? numbers.format(n)
        : new Intl.NumberFormat(language, { maximumFractionDigits: decimals }).format(n),
    // whole hours and minutes are what a DM or a status needs ("2 h 5 min"); under a minute, "< 1 min"
    duration: (ms) => {
      const minutes = Math.round(ms / 60_000);
      if (minutes < 1) return language === "fr" ? "moins d'une minute" : "less than a minute";
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
    },
  };
}

const TEXTS: Record<Language, Texts> = { en: make("en"), fr: make("fr") };

export const texts = (language: Language): Texts => TEXTS[language];

/** An interaction's locale ("fr", "en-US"…) to one of our languages. */
export const languageOf = (locale: string | undefined): Language =>
  locale?.toLowerCase().startsWith("fr") ? "fr" : "en";
