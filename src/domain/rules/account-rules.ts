// The account's password rules, as the server checks them and the forms say them beforehand.

/** Laravel's `min:8`, counted in characters. */
export const MIN_PASSWORD = 8;
/** bcrypt hashes the first 72 bytes of a password. */
export const MAX_PASSWORD_BYTES = 72;
