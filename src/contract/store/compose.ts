// What both stores are built with: a class made with `new` whose methods are its ports' objects.

/**
 * A base class whose instances carry `parts`' members as their own: a store assembles its ports
 * (one object per aggregate) into one object, which its own methods (transactions) complete.
 */
export function composedOf<T extends object>(): new (parts: T) => T {
  return class {
    constructor(parts: T) {
      Object.assign(this, parts);
    }
  } as new (parts: T) => T;
}
