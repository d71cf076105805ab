/** A value, or a promise of it. */
export type MaybePromise<Value> = Value | Promise<Value>

/** True when `Type` is `any`. */
export type IsAny<Type> = 0 extends 1 & Type ? true : false
