import type { SocialTexts } from "../en/social.ts";
import type { DeepStrings } from "../types.ts";

/** Textes français du panneau des salons, de la liste du groupe et du chat (espace "social"). */
const social: DeepStrings<SocialTexts> = {
  panel: {
    label: "Groupe et chat",
    open: "Groupe et chat",
    openUnread_one: "Groupe et chat, {{count}} message non lu",
    openUnread_other: "Groupe et chat, {{count}} messages non lus",
    close: "Fermer le groupe et le chat",
    groupTab: "Salon",
    chatTab: "Chat",
  },
  room: {
    title: "Salon",
    locked: "Les salons demandent le nœud Multijoueur du labo ({{cost}} PR).",
    openLab: "Ouvrir le labo",
    idLabel: "Identifiant du salon",
    idHelp: "1 à 64 lettres, chiffres, :, _ ou -",
    idInvalid: "Un identifiant de salon fait 1 à 64 lettres, chiffres, :, _ ou -.",
    create: "Créer",
    join: "Rejoindre",
    joinRoom: "Rejoindre le salon {{roomId}}",
    joining: "Connexion…",
    leave: "Quitter le salon",
    inRoom: "Dans le salon {{roomId}}",
    list: "Salons ouverts",
    refresh: "Actualiser la liste des salons",
    loadingList: "Recherche des salons…",
    noRooms: "Aucun salon ouvert pour l'instant. Créez-en un et partagez son identifiant.",
    left: "Vous avez quitté le salon.",
    instance:
      "Ce salon suit votre salon vocal : toute personne du salon vocal qui ouvre l'activité y joue avec vous.",
    joiningInstance: "Connexion au salon de votre salon vocal…",
  },
  group: {
    quest: {
      title: "Quête de groupe",
      break: "briser {{count}} nœuds ensemble",
      defeat: "vaincre {{count}} monstres ensemble",
      progress: "Quête de groupe : {{goal}}",
      reward: "Chaque membre qui aide reçoit {{gold}} or et {{rp}} RP. Votre part : {{mine}}.",
    },
    title: "Groupe",
    members_one: "{{count}} membre",
    members_other: "{{count}} membres",
    empty: "Rejoignez un salon pour jouer avec vos amis : ils apparaîtront ici.",
    emptyInstance: "Vos amis du salon vocal apparaissent ici quand ils ouvrent l'activité.",
    you: "vous",
    health: "Santé de {{name}}",
    nodeHp: "Nœud de {{name}}",
    monsterHp: "{{monster}}, adversaire de {{name}}",
    resting: "Au repos",
    activity: "{{skill}} · {{location}}",
    hereTitle: "Joue ici",
  },
  chat: {
    title: "Chat",
    tabs: { global: "Général", party: "Groupe", logs: "Journal" },
    unread_one: "{{count}} non lu",
    unread_other: "{{count}} non lus",
    input: "Message",
    placeholder: { global: "Dites bonjour à tout le monde…", party: "Parlez à votre groupe…" },
    send: "Envoyer",
    count: "{{n}} / {{max}}",
    empty: "Aucun message pour l'instant.",
    partyNeedsRoom: "Rejoignez un salon pour parler avec votre groupe.",
    logsEmpty: "Vos messages de jeu (butin, artisanat, erreurs) s'affichent ici.",
  },
  errors: {
    timeout: "Le serveur n'a pas répondu à temps (operation has timed out). Réessayez.",
    disconnected: "Connexion perdue (socket has been disconnected). Reconnexion…",
    rateLimited: "Vous envoyez des messages trop vite. Attendez quelques secondes puis réessayez.",
    forbidden: "Action impossible dans ce salon.",
    roomBusy:
      "Ce salon ne peut pas vous accueillir pour l'instant (il est peut-être complet). Essayez-en un autre.",
    rejoined: "Reconnecté : de retour dans le salon {{roomId}}.",
  },
};

export default social;
