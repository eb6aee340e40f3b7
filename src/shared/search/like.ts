/**
 * How a "contains" / "starts with" search matches text (spec §4 like and prefix-fuzzy), once for both
 * sides: the server turns user text into LIKE patterns in which `%`, `_` and the escape character
 * match only themselves (PostgreSQL's default escape `\`) and compares lower(text) with lower(pattern);
 * the mocks match in memory with the same meaning — the text contains (starts with) the value, ignoring case.
 * (Case is folded alike for ASCII and for scripts without case, such as Chinese; PostgreSQL in the C locale
 * leaves other accented capitals as they are, where JavaScript lowers them.)
 */

/** A LIKE pattern matching exactly the user text. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain `text`. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with `text`. */
export const startsWithPattern = (text: string): string => `${escapeLike(text)}%`;

/** In memory, what lower(text) LIKE lower(containsPattern(value)) answers. */
export const textContains = (text: string, value: string): boolean => text.toLowerCase().includes(value.toLowerCase());

/** In memory, what lower(text) LIKE lower(startsWithPattern(value)) answers. */
export const textStartsWith = (text: string, value: string): boolean => text.toLowerCase().startsWith(value.toLowerCase());
