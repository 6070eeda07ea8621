/** The shape of a texts object with every leaf a string: a translation must have the same keys. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
