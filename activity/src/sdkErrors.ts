import { RPCErrorCodes } from "@discord/embedded-app-sdk";

/** The SDK's command errors carry Discord's RPC code. */
export function sdkErrorCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : null;
}

/**
 * An older Discord client answers INVALID_COMMAND (4002) to a command it does not know: the feature
 * that needed it is switched off, nothing else.
 */
export function isInvalidCommand(error: unknown): boolean {
  return sdkErrorCode(error) === RPCErrorCodes.INVALID_COMMAND;
}

/** Runs an optional SDK call: an older client's INVALID_COMMAND answers `fallback`; other errors too, logged. */
export async function optionalCommand<T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isInvalidCommand(error)) console.info(`Discord: ${what} is not supported by this client`);
    else console.warn(`Discord: ${what} failed`, error);
    return fallback;
  }
}
