import { ERROR_CODES } from "@pickle-garden/shared";

/**
 * A refusal the HTTP and socket layers turn into a 4xx answer or an error acknowledgement. A rule's
 * rejection (status 422) carries `body`: `{ ok: false }`, the intents' answer (IntentAnswerSchema).
 */
export class GameError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "GameError";
  }

  static badRequest(message: string, code: string = ERROR_CODES.invalidRequest): GameError {
    return new GameError(400, code, message);
  }

  static notFound(message: string, code: string = ERROR_CODES.notFound): GameError {
    return new GameError(404, code, message);
  }

  static forbidden(message: string): GameError {
    return new GameError(403, ERROR_CODES.forbidden, message);
  }

  static conflict(message: string, code: string = ERROR_CODES.conflict): GameError {
    return new GameError(409, code, message);
  }

  /** A rule said no: 422 with the rule's code and message, and `ok: false`. */
  static rejected(code: string, message: string): GameError {
    return new GameError(422, code, message, { ok: false });
  }
}
