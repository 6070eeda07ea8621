/**
 * A rule answers with the new state and the events it caused, or a rejection: data with a namespaced
 * code and the spec's message (boardgame.io style), never a thrown string.
 */
export interface Rejection<Code extends string = string> {
  ok: false;
  code: Code;
  message: string;
}

export interface Accepted<State, Event> {
  ok: true;
  state: State;
  events: Event[];
}

export type RuleResult<State, Event, Code extends string = string> = Accepted<State, Event> | Rejection<Code>;

export function reject<Code extends string>(code: Code, message: string): Rejection<Code> {
  return { ok: false, code, message };
}
