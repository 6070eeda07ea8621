/** English texts of the Discord Activity (namespace "activity"): its start-up, failures, roster, invite. */
const activity = {
  starting: {
    connecting: "Connecting to Discord…",
    authorizing: "Asking Discord who you are…",
    signingIn: "Opening your garden…",
  },
  failed: {
    title: "The garden could not open",
    retry: "Try again",
    detail: "Code: {{code}}",
    serverUnreachable: "Our server cannot be reached. Check your connection, then try again.",
    notConfigured: "Discord sign-in is not set up on this server yet.",
    readyTimeout: "Discord did not answer in time. Try again, or close and reopen the activity.",
    authorizeRefused: "Discord did not authorize Pickle Garden. Accept the prompt to play.",
    tokenRejected: "Discord's sign-in code was refused. Try again.",
    notInInstance: "You are not in this activity. Launch it again from the voice channel.",
    discordUnavailable: "Discord is not answering right now. Try again in a moment.",
    serverError: "Something went wrong on our side. Try again.",
    authenticateFailed: "Discord could not confirm your sign-in. Try again.",
  },
  roster: {
    title: "In this activity",
    open: "Party ({{count}})",
    close: "Close the party list",
    you: "you",
    joining: "Joining…",
    inActivity: "In the activity",
    empty: "Nobody else yet: invite your friends.",
  },
  invite: "Invite",
  inviteLabel: "Invite friends to this activity",
  inviteRefused: "Discord does not allow inviting from here.",
  inviteUnsupported: "This Discord app cannot send invites from an activity.",
  compact: {
    label: "Pickle Garden, compact view",
    party: "Party",
  },
};
export type ActivityTexts = typeof activity;
export default activity;
