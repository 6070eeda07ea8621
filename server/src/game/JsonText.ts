/**
 * An answer already serialised: `text` is exactly `JSON.stringify(value())`. The HTTP layer writes the
 * text as it is; anything that serialises the answer itself (res.json, JSON.stringify) gets the value
 * through toJSON, so the bytes are the same either way.
 */
export class JsonText<T> {
  constructor(
    readonly text: string,
    private readonly value: () => T,
  ) {}

  toJSON(): T {
    return this.value();
  }
}
