/** The shape a translation must fill: the Korean catalogue's keys, with any string as the value. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
