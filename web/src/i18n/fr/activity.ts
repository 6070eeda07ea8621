import type { ActivityTexts } from "../en/activity.ts";
import type { DeepStrings } from "../types.ts";

/** Textes français de l'activité Discord (espace "activity") : démarrage, échecs, groupe, invitation. */
const activity: DeepStrings<ActivityTexts> = {
  starting: {
    connecting: "Connexion à Discord…",
    authorizing: "Discord vérifie qui vous êtes…",
    signingIn: "Ouverture de votre jardin…",
  },
  failed: {
    title: "Le jardin n'a pas pu s'ouvrir",
    retry: "Réessayer",
    detail: "Code : {{code}}",
    serverUnreachable: "Notre serveur est injoignable. Vérifiez votre connexion, puis réessayez.",
    notConfigured: "La connexion Discord n'est pas encore configurée sur ce serveur.",
    readyTimeout: "Discord n'a pas répondu à temps. Réessayez, ou fermez et relancez l'activité.",
    authorizeRefused: "Discord n'a pas autorisé Pickle Garden. Acceptez la demande pour jouer.",
    tokenRejected: "Le code de connexion de Discord a été refusé. Réessayez.",
    notInInstance: "Vous n'êtes pas dans cette activité. Relancez-la depuis le salon vocal.",
    discordUnavailable: "Discord ne répond pas pour le moment. Réessayez dans un instant.",
    serverError: "Un problème est survenu de notre côté. Réessayez.",
    authenticateFailed: "Discord n'a pas pu confirmer votre connexion. Réessayez.",
  },
  roster: {
    title: "Dans cette activité",
    open: "Groupe ({{count}})",
    close: "Fermer la liste du groupe",
    you: "vous",
    joining: "Arrivée…",
    inActivity: "Dans l'activité",
    empty: "Personne d'autre pour l'instant : invitez vos amis.",
  },
  invite: "Inviter",
  inviteLabel: "Inviter des amis dans cette activité",
  inviteRefused: "Discord n'autorise pas les invitations depuis ici.",
  inviteUnsupported: "Cette application Discord ne peut pas inviter depuis une activité.",
  compact: {
    label: "Pickle Garden, vue compacte",
    party: "Groupe",
  },
};
export default activity;
