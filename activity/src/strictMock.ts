import { DiscordSDKMock, type IDiscordSDK, Platform, RPCErrorCodes } from "@discord/embedded-app-sdk";

/**
 * The SDK's mock, as strict as Discord's client: a command (or an event subscription) that needs an
 * OAuth2 scope is refused until authorize() asked for that scope and authenticate() signed in with it, as
 * Discord answers a missing scope ("Not authenticated or invalid scope", INVALID_PERMISSIONS). The scopes
 * are those of the SDK's reference ("Required Scopes" of each command and event). Every refusal is
 * listed in `refused`, so a browser suite can check that the activity asked for everything it uses.
 */

type Commands = IDiscordSDK["commands"];

export const COMMAND_SCOPES: { readonly [C in keyof Commands]?: readonly string[] } = {
  getChannel: ["guilds"],
  getChannelPermissions: ["guilds.members.read"],
  getRelationships: ["relationships.read"],
  setActivity: ["rpc.activities.write"],
  userSettingsGetLocale: ["identify"],
};

export const EVENT_SCOPES: { readonly [event: string]: readonly string[] } = {
  CURRENT_USER_UPDATE: ["identify"],
  CURRENT_GUILD_MEMBER_UPDATE: ["identify", "guilds.members.read"],
  VOICE_STATE_UPDATE: ["rpc.voice.read"],
  SPEAKING_START: ["rpc.voice.read"],
  SPEAKING_STOP: ["rpc.voice.read"],
  RELATIONSHIP_UPDATE: ["relationships.read"],
};

export const NOT_GRANTED = {
  code: RPCErrorCodes.INVALID_PERMISSIONS,
  message: "Not authenticated or invalid scope",
} as const;

export class StrictDiscordSDKMock extends DiscordSDKMock {
  /** what each refused command or subscription was, in order */
  readonly refused: string[] = [];
  /** the scopes the last authorize() asked for */
  private asked: readonly string[] = [];
  /** the scopes authenticate() granted; null before it */
  private granted: ReadonlySet<string> | null = null;

  constructor(
    clientId: string,
    guildId: string | null,
    channelId: string | null,
    options: { platform?: Platform } = {},
  ) {
    super(clientId, guildId, channelId, null);
    // the mock's platform is always desktop; Discord's says where the player is
    Object.assign(this, { platform: options.platform ?? Platform.DESKTOP });
    const subscribe = this.subscribe.bind(this);
    this.subscribe = (async (event: string, ...rest: unknown[]) => {
      this.check(`subscribe ${event}`, EVENT_SCOPES[event]);
      return (subscribe as (...args: unknown[]) => Promise<unknown>)(event, ...rest);
    }) as unknown as DiscordSDKMock["subscribe"];
  }

  /** The scopes authenticate() granted (empty before it). */
  get scopes(): string[] {
    return [...(this.granted ?? [])];
  }

  override _updateCommandMocks(newCommands: Partial<Commands>): Commands {
    const commands = super._updateCommandMocks(newCommands);
    const strict = { ...commands } as Record<string, (...args: never[]) => Promise<unknown>>;
    for (const [name, run] of Object.entries(commands) as [
      string,
      (...args: never[]) => Promise<unknown>,
    ][]) {
      strict[name] = async (...args: never[]) => {
        if (name === "authorize") this.asked = (args[0] as { scope?: string[] } | undefined)?.scope ?? [];
        if (name === "authenticate") {
          const answer = (await run(...args)) as object;
          this.granted = new Set(this.asked);
          return { ...answer, scopes: this.scopes };
        }
        this.check(name, COMMAND_SCOPES[name as keyof Commands]);
        return run(...args);
      };
    }
    this.commands = strict as unknown as Commands;
    return this.commands;
  }

  private check(what: string, needs: readonly string[] | undefined): void {
    if (!needs?.length) return;
    const granted = this.granted;
    if (granted && needs.every((scope) => granted.has(scope))) return;
    this.refused.push(what);
    throw { ...NOT_GRANTED };
  }
}
