import { Common, Events, type IDiscordSDK, Platform } from "@discord/embedded-app-sdk";
import { useActivityStore } from "./activityStore.ts";
import type { Participant } from "./roster.ts";
import { isInvalidCommand, optionalCommand } from "./sdkErrors.ts";

/**
 * The SDK features around the game, each switched off alone when an older Discord client answers
 * INVALID_COMMAND: participants, layout mode, orientation, the invite dialog. Each returns its cleanup.
 */

type Sdk = Pick<IDiscordSDK, "commands" | "subscribe" | "unsubscribe" | "platform">;

/** getInstanceConnectedParticipants, then every ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE. */
export async function followParticipants(sdk: Sdk): Promise<() => void> {
  const set = (participants: readonly Participant[]) =>
    useActivityStore.setState({ participants: [...participants] });
  const onUpdate = (event: { participants: readonly Participant[] }) => set(event.participants);
  const first = await optionalCommand(
    "getInstanceConnectedParticipants",
    () => sdk.commands.getInstanceConnectedParticipants(),
    { participants: [] },
  );
  set(first.participants);
  return subscribeOptional(sdk, Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, onUpdate);
}

/** ACTIVITY_LAYOUT_MODE_UPDATE (subscribed directly, as STACK.md says) into the store. */
export function followLayout(sdk: Sdk): Promise<() => void> {
  return subscribeOptional(sdk, Events.ACTIVITY_LAYOUT_MODE_UPDATE, (event: { layout_mode: number }) =>
    useActivityStore.setState({ layoutMode: event.layout_mode }),
  );
}

/** Phones play in portrait. */
export async function lockPortraitOnPhones(sdk: Sdk): Promise<void> {
  if (sdk.platform !== Platform.MOBILE) return;
  await optionalCommand(
    "setOrientationLockState",
    () =>
      sdk.commands.setOrientationLockState({
        lock_state: Common.OrientationLockStateTypeObject.PORTRAIT,
        picture_in_picture_lock_state: Common.OrientationLockStateTypeObject.PORTRAIT,
        grid_lock_state: Common.OrientationLockStateTypeObject.UNLOCKED,
      }),
    null,
  );
}

/** Discord's invite dialog; a refusal (or an older client without it) takes the button away. */
export async function openInvite(sdk: Sdk): Promise<void> {
  try {
    await sdk.commands.openInviteDialog();
  } catch (error) {
    if (isInvalidCommand(error)) {
      useActivityStore.setState({ invite: "unsupported" });
      return;
    }
    console.warn("Discord: openInviteDialog refused", error);
    useActivityStore.setState({ invite: "refused" });
  }
}

type Listener = (data: never) => void;
type LooseSubscribe = (event: Events, listener: Listener) => Promise<unknown>;

/** Subscribes to an SDK event; an older client's INVALID_COMMAND leaves the feature off. */
async function subscribeOptional<T>(
  sdk: Sdk,
  event: Events,
  listener: (data: T) => void,
): Promise<() => void> {
  // the SDK types each event's payload by its own zod schema; the listeners here name the fields they read
  const subscribe = sdk.subscribe.bind(sdk) as unknown as LooseSubscribe;
  const unsubscribe = sdk.unsubscribe.bind(sdk) as unknown as LooseSubscribe;
  try {
    await subscribe(event, listener as Listener);
  } catch (error) {
    if (isInvalidCommand(error)) console.info(`Discord: ${event} is not supported by this client`);
    else console.warn(`Discord: subscribing to ${event} failed`, error);
    return () => {};
  }
  return () => {
    void unsubscribe(event, listener as Listener).catch(() => undefined);
  };
}
