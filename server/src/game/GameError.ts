import { ERROR_CODES } from "@pickle-garden/shared";

/**
 * A refusal the HTTP and socket layers turn into a 4xx answer or an error acknowledgement. A rule's
 * rejection (status 422) carries `body`: the call's usual answer with the server's state, so clients that
 * read the spec's fields (success false, error) keep working.
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

  /** A rule said no: 422 with the rule's code and message, the answer's state fields, and `success: false`. */
  static rejected(code: string, message: string, body?: Record<string, unknown>): GameError {
    return new GameError(422, code, message, { ...body, success: false });
  }
}
