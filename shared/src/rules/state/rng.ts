import type { RngState } from "../../protocol/player.ts";

/**
 * xoshiro128** over four 32-bit words. The state lives in the player document and is advanced in place
 * by the simulation that owns a working copy of it; nothing under shared/ uses Math.random().
 */
export class Rng {
  /** the four words as int32 (a typed array: no boxed doubles on the hot path); `state()` gives them unsigned */
  private readonly s = new Int32Array(4);

  constructor(state: RngState) {
    this.restore(state);
  }

  /** Expands one 32-bit seed into a full state (splitmix32), so any number seeds a generator. */
  static seed(seed: number): Rng {
    let x = seed >>> 0;
    const next = () => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    return new Rng([next(), next(), next(), next() || 1]);
  }

  state(): RngState {
    const s = this.s;
    return [s[0]! >>> 0, s[1]! >>> 0, s[2]! >>> 0, s[3]! >>> 0];
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    const s = this.s;
    const m = Math.imul(s[1]!, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s[1]! << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    const d = s[3]!;
    s[3] = (d << 11) | (d >>> 21);
    return result;
  }

  /** Puts in out[0..count) the next `count` values nextU32 would give, one after another (the same words, faster for long runs). */
  fill(out: Uint32Array, count: number): void {
    const s = this.s;
    let a = s[0]!;
    let b = s[1]!;
    let c = s[2]!;
    let d = s[3]!;
    for (let i = 0; i < count; i++) {
      const m = Math.imul(b, 5);
      out[i] = Math.imul((m << 7) | (m >>> 25), 9);
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
  }

  /** Puts the generator back to a state `state()` gave. */
  restore(state: RngState): void {
    // an int32 store keeps the low 32 bits, as `>>> 0` did (NaN and the like become 0 either way)
    const s = this.s;
    s[0] = state[0];
    s[1] = state[1];
    s[2] = state[2];
    s[3] = state[3];
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Index drawn from weights; throws on a zero total, which the spec calls an error. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) throw new Error("Zero total weight");
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
